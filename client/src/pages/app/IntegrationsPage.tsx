import { SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { PageHeader } from '../../layout/PageHeader';
import { useSession } from '../../modules/auth/use-session';
import { ConnectorDialog } from '../../modules/connectors/components/ConnectorDialog';
import { ConnectorSetupDialog } from '../../modules/connectors/components/ConnectorSetupDialog';
import { isConnectorKind, type ConnectorKind } from '../../modules/connectors/connector-kinds';
import { useConnectorSetup } from '../../modules/connectors/connector-setup';
import { IntegrationCard } from '../../modules/integrations/components/IntegrationCard';
import { ProviderKeyCard } from '../../modules/integrations/components/ProviderKeyCard';
import { INTEGRATION_CATALOGUE } from '../../modules/integrations/integration-catalogue';
import { SlackPanel } from '../../modules/slack/components/SlackPanel';
import { useSources } from '../../modules/sources/use-sources';
import { usePageTitle } from '../../shared/use-page-title';

/**
 * /app/integrations: the integration catalogue (SPEC §3) with each tool's real state, and the
 * caller's own AI provider key (where answers' notices send them when it fails).
 */
export function IntegrationsPage() {
  usePageTitle('Integrations');
  const { permissions } = useSession();
  const canWrite = permissions?.includes('source.write') ?? false;
  const isAdmin = permissions?.includes('user.write') ?? false;
  const { sources, refetch } = useSources();
  const [connecting, setConnecting] = useState<ConnectorKind | null>(null);
  const [settingUp, setSettingUp] = useState<ConnectorKind | null>(null);
  const { needsSetup } = useConnectorSetup();
  return (
    <>
      <PageHeader
        title="Integrations"
        subtitle="Tools Lumen searches for your team"
        description="Connect Confluence, Jira and Google Drive: their pages, issues and documents become searchable, and answers link back to them. GitHub is on the Connectors page."
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {INTEGRATION_CATALOGUE.map((integration) => {
          const kind = integration.key;
          return (
            <IntegrationCard
              key={kind}
              integration={integration}
              available={isConnectorKind(kind)}
              sources={sources?.filter((s) => s.kind === kind) ?? []}
              onConnect={canWrite && isConnectorKind(kind) ? () => setConnecting(kind) : undefined}
              needsSetup={isConnectorKind(kind) && needsSetup(kind)}
              onSetup={() => setSettingUp(kind)}
            />
          );
        })}
      </SimpleGrid>
      <ConnectorSetupDialog kind={settingUp} onClose={() => setSettingUp(null)} />
      <ProviderKeyCard />
      {isAdmin && <SlackPanel />}
      {canWrite && (
        <ConnectorDialog
          kind={connecting}
          onClose={() => setConnecting(null)}
          onConnected={() => void refetch()}
        />
      )}
    </>
  );
}
