import { SimpleGrid } from '@mantine/core';
import { PageHeader } from '../../layout/PageHeader';
import { IntegrationCard } from '../../modules/integrations/components/IntegrationCard';
import { INTEGRATION_CATALOGUE } from '../../modules/integrations/integration-catalogue';

/** /app/integrations: the integration catalogue (SPEC §3); connecting them is coming. */
export function IntegrationsPage() {
  return (
    <>
      <PageHeader
        title="Integrations"
        subtitle="Tools Lumen will search for your team"
        description="Connecting these tools is coming in a later release. Once connected, their content is searchable and answers link back to it."
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {INTEGRATION_CATALOGUE.map((integration) => (
          <IntegrationCard key={integration.key} integration={integration} />
        ))}
      </SimpleGrid>
    </>
  );
}
