import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { LocalizedText } from '@khela/contracts';

/** Kysely table types; column names are snake_case as in the migrations. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Localized = JSONColumnType<LocalizedText>;

export interface MerchantsTable {
  id: Generated<number>;
  code: string;
  name: string;
  currency: Generated<string>;
  default_language: Generated<'bn' | 'en'>;
  languages: Generated<('bn' | 'en')[]>;
  main_domain: Generated<string>;
  gtag_id: string | null;
  image_cdns: Generated<string[]>;
  launch_game_cdns: Generated<string[]>;
  created_at: Generated<Date>;
}

export interface MerchantDomainsTable {
  id: Generated<number>;
  merchant_id: number;
  domain: string;
  kind: Generated<'main' | 'mirror' | 'agent'>;
  affiliate_code: string | null;
}

export interface WhitelabelSwitchesTable {
  merchant_id: number;
  mod_id: string;
  enabled: boolean;
}

export interface RegistrationRulesTable {
  merchant_id: number;
  field: string;
  enabled: boolean;
  required: boolean;
  pattern_id: number;
  min_length: number;
  max_length: number;
}

export interface BannersTable {
  id: Generated<number>;
  merchant_id: number;
  group_name: string;
  title: Localized;
  url: string;
  linkage: Generated<string>;
  linkage_type: Generated<string>;
  video: Generated<boolean>;
  sequence: Generated<number>;
  active: Generated<boolean>;
}

export interface AnnouncementImage {
  sequence: number;
  url: string;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  merchant_id: number;
  type: 'B' | 'PL' | 'PU' | 'PR' | 'H';
  title: Localized;
  content: Localized;
  execution: 'A' | 'B' | 'F' | null;
  images: JSONColumnType<AnnouncementImage[]>;
  sequence: Generated<number>;
  active: Generated<boolean>;
  published_at: Timestamp;
}

export interface HelpArticlesTable {
  id: Generated<number>;
  merchant_id: number;
  tag: string;
  title: Localized;
  content: Localized;
  device: Generated<'WEB' | 'MOBILE' | 'ALL'>;
  sequence: Generated<number>;
  active: Generated<boolean>;
}

export interface CustomerServiceTable {
  id: Generated<number>;
  merchant_id: number;
  cs_type: string;
  cs_position: Generated<string>;
  title: Localized;
  url: string;
  sequence: Generated<number>;
  active: Generated<boolean>;
}

export interface ResourcesTable {
  id: Generated<number>;
  merchant_id: number;
  resource_type: string;
  url: string;
  label: Localized;
  active: Generated<boolean>;
}

export interface MaintenanceWindowsTable {
  id: Generated<number>;
  merchant_id: number;
  starts_at: Timestamp;
  ends_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  message: Localized;
}

export interface RegionRulesTable {
  id: Generated<number>;
  merchant_id: number;
  kind: 'country' | 'cidr';
  value: string;
}

export interface CaptchasTable {
  id: string;
  merchant_id: number;
  answer_hash: string;
  expires_at: Timestamp;
  used_at: Date | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

export interface FeedbackTable {
  id: Generated<number>;
  merchant_id: number;
  type: number;
  content: string;
  sender: string;
  ip: string | null;
  created_at: Generated<Date>;
}

export interface OperatorsTable {
  id: Generated<number>;
  merchant_id: number;
  username: string;
  password_hash: string;
  role: 'superadmin' | 'content' | 'settings' | 'support';
  active: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface OperatorSessionsTable {
  token_hash: Buffer;
  operator_id: number;
  created_at: Generated<Date>;
  last_seen: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: Date | null;
}

export interface AuditLogTable {
  id: Generated<bigint>;
  merchant_id: number;
  operator_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  created_at: Generated<Date>;
}

export interface Database {
  merchants: MerchantsTable;
  merchant_domains: MerchantDomainsTable;
  whitelabel_switches: WhitelabelSwitchesTable;
  registration_rules: RegistrationRulesTable;
  banners: BannersTable;
  announcements: AnnouncementsTable;
  help_articles: HelpArticlesTable;
  customer_service: CustomerServiceTable;
  resources: ResourcesTable;
  maintenance_windows: MaintenanceWindowsTable;
  region_rules: RegionRulesTable;
  captchas: CaptchasTable;
  rate_limits: RateLimitsTable;
  feedback: FeedbackTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
  members: MembersTable;
  member_tree: MemberTreeTable;
  member_sessions: MemberSessionsTable;
}

/** §6 account types: 0 member; 1, 2, 41, 42 agents; 4 trial. */
export type MemberType = 0 | 1 | 2 | 4 | 41 | 42;
export type MemberStatus = 'active' | 'frozen' | 'closed';

/** §3 profile fields without a column of their own. */
export interface MemberProfile {
  qqNum?: string;
  line?: string;
  whatsapp?: string;
  facebook?: string;
  wechat?: string;
  idNumber?: string;
  recommenderId?: string;
}

export interface MembersTable {
  id: Generated<number>;
  merchant_id: number;
  username: string;
  password_hash: string;
  password_changed_at: Generated<Date>;
  password_must_change: Generated<boolean>;
  payment_password_hash: string | null;
  nickname: string | null;
  type: Generated<MemberType>;
  status: Generated<MemberStatus>;
  country_dialing_code: string | null;
  mobile: string | null;
  email: string | null;
  payee_name: string | null;
  profile: ColumnType<MemberProfile, string | undefined, string>;
  affiliate_code: string | null;
  upline_id: number | null;
  referral_code: string | null;
  register_domain: string | null;
  register_ip: string | null;
  last_login_at: Date | null;
  last_login_ip: string | null;
  previous_login_at: Date | null;
  previous_login_ip: string | null;
  created_at: Generated<Date>;
}

export interface MemberTreeTable {
  merchant_id: number;
  ancestor_id: number;
  descendant_id: number;
  depth: number;
}

export interface MemberSessionsTable {
  token_hash: Buffer;
  merchant_id: number;
  member_id: number;
  created_at: Generated<Date>;
  last_seen: Generated<Date>;
  expires_at: Timestamp;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
}
