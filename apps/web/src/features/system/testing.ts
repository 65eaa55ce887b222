import type { SystemStatus } from '@khela/contracts';

/** For tests: the demo merchant as the status call (§7 `/wps/system/status`) names it. */
export const DEMO_MERCHANT: SystemStatus['info']['merchant'] = {
  code: 'khela',
  name: 'Khela',
  currency: 'BDT',
  defaultLanguage: 'bn',
  languages: ['bn', 'en'],
  timeZone: 'Asia/Dhaka',
};
