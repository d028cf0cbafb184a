import { Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../../../shared/graphql-errors';
import { FormAlert } from '../../auth/components/FormAlert';
import { refreshAccessToken } from '../../auth/token-refresh';
import { useUpdateMyNameMutation } from '../graphql/account.generated';

/** Your name as teammates see it; the email is the account's and changes only by invitation. */
export function ProfileForm({
  firstName,
  lastName,
  email,
}: {
  firstName: string;
  lastName: string;
  email: string;
}) {
  const [save, { loading }] = useUpdateMyNameMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { firstName, lastName },
    validate: { firstName: (v) => (v.trim() ? null : 'Enter your first name') },
  });
  const submit = form.onSubmit(async (values) => {
    setProblem(null);
    try {
      await save({ variables: { input: values } });
      form.resetDirty(values);
      // The top bar's name comes from the access token's claims: a fresh token carries the new one.
      void refreshAccessToken();
      notifications.show({
        color: 'teal',
        title: 'Name saved',
        message: `${values.firstName} ${values.lastName}`.trim(),
      });
    } catch (error) {
      setProblem(errorMessage(error));
    }
  });
  return (
    <Paper withBorder radius="lg" p="md" component="form" noValidate onSubmit={submit}>
      <Stack gap="md">
        {problem && <FormAlert title="Your name was not saved">{problem}</FormAlert>}
        <Group grow align="flex-start">
          <TextInput
            label="First name"
            required
            autoComplete="given-name"
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last name"
            autoComplete="family-name"
            {...form.getInputProps('lastName')}
          />
        </Group>
        <TextInput label="Email" value={email} readOnly description="Your sign-in address" />
        <Group justify="flex-end">
          <Button type="submit" loading={loading} disabled={!form.isDirty()}>
            Save name
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
