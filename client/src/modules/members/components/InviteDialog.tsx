import { Alert, Button, Group, List, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useInviteMembersMutation, type InviteMembersMutation } from '../graphql/members.generated';
import { describeError } from '../../../shared/graphql-errors';
import { FormAlert, type FormProblem } from '../../auth/components/FormAlert';
import { DEFAULT_INVITE_ROLE, roleDescription, type RoleOption } from './role-labels';
import { DIALOG_PROPS } from '../../../shared/dialog-styles';

type Skip = InviteMembersMutation['inviteMembers']['skipped'][number];

export const EMAILS_HINT = 'To invite multiple teammates, separate email addresses with commas.';

/** The server names its input fields; the form's are these. */
const FORM_FIELD: Record<string, 'emails' | 'message' | 'role'> = {
  emails: 'emails',
  inviteMessage: 'message',
  message: 'message',
  roles: 'role',
};

/** "a@x.com", "a@x.com and b@x.com", "a@x.com, b@x.com and 3 more". */
function listAddresses(emails: string[]): string {
  if (emails.length <= 2) return emails.join(' and ');
  return `${emails.slice(0, 2).join(', ')} and ${emails.length - 2} more`;
}

interface InviteDialogProps {
  opened: boolean;
  onClose: () => void;
  roles: RoleOption[];
}

/**
 * SPEC §2 'Invite new teammates'. Invited addresses get a notification; skipped ones stay in the
 * dialog with the server's reason, and only they are left in the emails box to fix or drop.
 */
export function InviteDialog({ opened, onClose, roles }: InviteDialogProps) {
  const [invite, { loading }] = useInviteMembersMutation();
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [skipped, setSkipped] = useState<Skip[]>([]);
  const form = useForm({
    mode: 'controlled',
    initialValues: { emails: '', role: DEFAULT_INVITE_ROLE as string, message: '' },
    validate: {
      emails: (value) => (value.trim() ? null : 'Enter at least one email address'),
    },
  });

  const close = () => {
    form.reset();
    setProblem(null);
    setSkipped([]);
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setProblem(null);
    try {
      const { data } = await invite({
        variables: {
          input: {
            emails: values.emails.trim(),
            message: values.message.trim() || null,
            roles: [values.role],
          },
        },
        refetchQueries: ['Invitations'],
      });
      const result = data?.inviteMembers;
      if (!result) throw new Error('The server sent no answer.');
      if (result.invited.length > 0) {
        const count = result.invited.length;
        notifications.show({
          color: 'teal',
          title: count === 1 ? 'Invitation sent' : `${count} invitations sent`,
          message: `Invited ${listAddresses(result.invited.map((i) => i.email))}`,
        });
      }
      if (result.skipped.length === 0) {
        close();
        return;
      }
      setSkipped(result.skipped);
      form.setFieldValue('emails', result.skipped.map((s) => s.email).join(', '));
    } catch (error) {
      const { field, message } = describeError(error);
      const formField = field ? FORM_FIELD[field] : undefined;
      if (formField) form.setFieldError(formField, message);
      else setProblem({ title: 'Could not send the invitations', message });
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Invite new teammates"
      size={520}
      {...DIALOG_PROPS}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {problem && <FormAlert title={problem.title}>{problem.message}</FormAlert>}
          {skipped.length > 0 && (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title={
                skipped.length === 1
                  ? '1 address was not invited'
                  : `${skipped.length} addresses were not invited`
              }
            >
              <List size="sm" spacing={4} aria-label="Addresses not invited">
                {skipped.map((skip) => (
                  <List.Item key={skip.email}>
                    <Text span fw={600} size="sm">
                      {skip.email}
                    </Text>
                    : {skip.message}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Textarea
            label="Emails"
            description={EMAILS_HINT}
            placeholder="grace@company.com, alan@company.com"
            required
            autosize
            minRows={3}
            maxRows={8}
            data-autofocus
            key={form.key('emails')}
            {...form.getInputProps('emails')}
          />
          <Select
            label="Role"
            data={roles.map((r) => ({ value: r.key, label: r.label }))}
            allowDeselect={false}
            checkIconPosition="right"
            description={roleDescription(form.values.role)}
            comboboxProps={{ withinPortal: true }}
            key={form.key('role')}
            {...form.getInputProps('role')}
          />
          <Textarea
            label={
              <>
                Message{' '}
                <Text span c="dimmed" size="sm" fw={400}>
                  (Optional)
                </Text>
              </>
            }
            placeholder="Add a note to the invitation email"
            autosize
            minRows={2}
            maxRows={6}
            maxLength={1000}
            key={form.key('message')}
            {...form.getInputProps('message')}
          />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close} disabled={loading}>
              Cancel
            </Button>
            <Button type="submit" loading={loading}>
              Send invites
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
