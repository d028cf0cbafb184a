import { Button, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useCreateApiKeyMutation, type CreateApiKeyMutation } from '../graphql/api-keys.generated';
import { describeError } from '../../../shared/graphql-errors';
import { FormAlert } from '../../auth/components/FormAlert';
import { DEFAULT_EXPIRY, EXPIRY_OPTIONS, expiresInDays } from '../key-dates';
import { permissionDescription } from '../permission-labels';

export const NAME_MAX = 100;

export type CreatedApiKey = CreateApiKeyMutation['createApiKey'];

/** The server names its input fields; the form's are these. */
const FORM_FIELD: Record<string, 'name' | 'permissions' | 'expiry'> = {
  name: 'name',
  permissions: 'permissions',
  expiresInDays: 'expiry',
};

interface CreateApiKeyFormProps {
  /** The permissions the user holds, which are all a key may be given. */
  grantable: readonly string[];
  onCreated: (created: CreatedApiKey) => void;
  onCancel: () => void;
}

/** Name, permissions and expiry of a new key; the server checks them again. */
export function CreateApiKeyForm({ grantable, onCreated, onCancel }: CreateApiKeyFormProps) {
  const [create, { loading }] = useCreateApiKeyMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', permissions: [] as string[], expiry: DEFAULT_EXPIRY },
    validate: {
      name: (value) =>
        !value.trim()
          ? 'Name the key'
          : value.trim().length > NAME_MAX
            ? `At most ${NAME_MAX} characters`
            : null,
      permissions: (value) => (value.length === 0 ? 'Choose at least one permission' : null),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setProblem(null);
    try {
      const { data } = await create({
        variables: {
          input: {
            name: values.name.trim(),
            permissions: values.permissions,
            expiresInDays: expiresInDays(values.expiry),
          },
        },
        // The secret must not linger in Apollo's cache; the list is asked for again instead.
        fetchPolicy: 'no-cache',
        refetchQueries: ['ApiKeys'],
      });
      if (!data) throw new Error('The server sent no answer.');
      onCreated(data.createApiKey);
    } catch (error) {
      const { field, message } = describeError(error);
      const formField = field ? FORM_FIELD[field] : undefined;
      if (formField) form.setFieldError(formField, message);
      else setProblem(message);
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {problem && <FormAlert title="Could not create the key">{problem}</FormAlert>}
        <TextInput
          label="Name"
          description="What the key is for, e.g. Nightly export"
          required
          maxLength={NAME_MAX}
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Checkbox.Group
          label="Permissions"
          description="A key can do only what you allow here, and never more than you can."
          withAsterisk
          key={form.key('permissions')}
          {...form.getInputProps('permissions')}
        >
          <Stack gap="sm" mt="xs">
            {grantable.map((permission) => (
              <Checkbox
                key={permission}
                value={permission}
                label={
                  <Text span ff="monospace" size="sm">
                    {permission}
                  </Text>
                }
                description={permissionDescription(permission)}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Select
          label="Expires"
          data={EXPIRY_OPTIONS}
          allowDeselect={false}
          checkIconPosition="right"
          comboboxProps={{ withinPortal: true }}
          key={form.key('expiry')}
          {...form.getInputProps('expiry')}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onCancel} disabled={loading}>
            Cancel
          </Button>
          <Button type="submit" loading={loading}>
            Create key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
