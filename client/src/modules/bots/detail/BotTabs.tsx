import { Tabs } from '@mantine/core';
import {
  IconChartBar,
  IconDatabase,
  IconListDetails,
  IconSettings,
  type Icon,
} from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { BotLogsTab } from './BotLogsTab';
import { BotReportsTab } from './BotReportsTab';
import { BotSettingsTab } from './BotSettingsTab';
import { BotSourcesTab } from './BotSourcesTab';
import type { BotNode, BotSourceNode } from './format';

export type BotTab = 'sources' | 'reports' | 'logs' | 'settings';

const TABS: { value: BotTab; label: string; icon: Icon; manageOnly: boolean }[] = [
  { value: 'sources', label: 'Sources', icon: IconDatabase, manageOnly: false },
  { value: 'reports', label: 'Reports', icon: IconChartBar, manageOnly: true },
  { value: 'logs', label: 'Logs', icon: IconListDetails, manageOnly: true },
  { value: 'settings', label: 'Settings', icon: IconSettings, manageOnly: true },
];

interface BotTabsProps {
  bot: BotNode;
  sources: readonly BotSourceNode[];
  onEdit: () => void;
}

/**
 * SPEC §4 the bot's tabs, Sources first. Reports, Logs and Settings are the manager's (the server
 * refuses them to others). The open tab is in the address (`?tab=logs`) so a reload keeps it;
 * panels mount only while open, so their data is fetched when looked at.
 */
export function BotTabs({ bot, sources, onEdit }: BotTabsProps) {
  const [params, setParams] = useSearchParams();
  const visible = TABS.filter((t) => bot.canManage || !t.manageOnly);
  const asked = params.get('tab');
  const tab = visible.find((t) => t.value === asked)?.value ?? 'sources';

  const select = (value: string | null) => {
    if (!value) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'sources') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Tabs value={tab} onChange={select} keepMounted={false}>
      <Tabs.List mb="lg" aria-label="Bot sections">
        {visible.map(({ value, label, icon: TabIcon }) => (
          <Tabs.Tab key={value} value={value} leftSection={<TabIcon size={16} stroke={1.7} />}>
            {label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="sources">
        <BotSourcesTab bot={bot} sources={sources} />
      </Tabs.Panel>
      {bot.canManage && (
        <>
          <Tabs.Panel value="reports">
            <BotReportsTab botId={bot.id} />
          </Tabs.Panel>
          <Tabs.Panel value="logs">
            <BotLogsTab botId={bot.id} />
          </Tabs.Panel>
          <Tabs.Panel value="settings">
            <BotSettingsTab bot={bot} onEdit={onEdit} />
          </Tabs.Panel>
        </>
      )}
    </Tabs>
  );
}
