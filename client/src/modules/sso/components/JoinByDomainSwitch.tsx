import { Paper, Switch } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../shared/graphql-errors';
import { FormAlert } from '../../auth/components/FormAlert';
import { DEFAULT_INVITE_ROLE, FALLBACK_ROLE_LABELS } from '../../members/components/role-labels';
import {
  useJoinByDomainSettingQuery,
  useSetJoinByDomainMutation,
} from '../graphql/join-by-domain.generated';

/**
 * Whether colleagues may join the workspace themselves with a verified address at its verified
 * domains (with the default role), instead of waiting for an invitation. Admins only.
 */
export function JoinByDomainSwitch() {
  const { data } = useJoinByDomainSettingQuery();
  // The answer carries the workspace's id: Apollo updates the setting in place.
  const [save, { loading }] = useSetJoinByDomainMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const workspace = data?.me.workspace;
  if (!workspace) return null;
  return (
    <Paper withBorder radius="lg" p="md">
      {problem && <FormAlert title="The setting was not saved">{problem}</FormAlert>}
      <Switch
        checked={workspace.joinByDomain}
        disabled={loading}
        onChange={(event) => {
          const enabled = event.currentTarget.checked;
          setProblem(null);
          save({ variables: { enabled } }).catch((e: unknown) => setProblem(errorMessage(e)));
        }}
        label="Let people with a verified address at these domains join"
        description={`Someone who signs up with an address they verified at one of the verified domains is offered to join this workspace as ${FALLBACK_ROLE_LABELS[DEFAULT_INVITE_ROLE]}, instead of waiting for an invitation. Domains not yet verified do not count, and nobody joins this way while single sign-on is required.`}
      />
    </Paper>
  );
}
