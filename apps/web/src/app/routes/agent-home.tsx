import { AgentLayout } from '../../features/agent/components/agent-layout.tsx';
import { LanguageSelect } from '../../features/preferences/components/language-select.tsx';
import { ThemeSwitch } from '../../features/preferences/components/theme-switch.tsx';
import { useSystemStatus } from '../../features/system/api/get-status.ts';

/** §2 /agentHome: the agent centre's own layout, with the site's language and theme controls. */
export default function AgentHomeRoute() {
  const languages = useSystemStatus().data?.info.merchant.languages;
  return (
    <AgentLayout
      actions={
        <>
          <LanguageSelect variant="compact" languages={languages} />
          <ThemeSwitch />
        </>
      }
    />
  );
}
