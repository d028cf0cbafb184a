import { Button, Group, Paper, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorField, errorMessage } from '../../../shared/graphql-errors';
import { NewPasswordField } from '../../auth/components/AuthFields';
import { FormAlert } from '../../auth/components/FormAlert';
import { PasswordField } from '../../auth/components/PasswordField';
import { MySessionsDocument, useChangePasswordMutation } from '../graphql/account.generated';

/** A new password, with the current one; the other sessions end when it changes. */
export function PasswordForm({ email }: { email: string }) {
  const [change, { loading }] = useChangePasswordMutation({
    refetchQueries: [{ query: MySessionsDocument }],
  });
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '' },
    validate: {
      currentPassword: (v) => (v ? null : 'Enter your current password'),
      newPassword: (v) => (v ? null : 'Choose a new password'),
    },
  });
  const submit = form.onSubmit(async (input) => {
    setProblem(null);
    try {
      const { data } = await change({ variables: { input } });
      form.reset();
      const ended = data?.changePassword ?? 0;
      notifications.show({
        color: 'teal',
        title: 'Password changed',
        message:
          ended > 0
            ? `${ended} other ${ended === 1 ? 'session was' : 'sessions were'} signed out.`
            : 'You stay signed in here.',
      });
    } catch (error) {
      const field = errorField(error);
      if (field === 'currentPassword' || field === 'password')
        form.setFieldError(field === 'password' ? 'newPassword' : field, errorMessage(error));
      else setProblem(errorMessage(error));
    }
  });
  return (
    <Paper withBorder radius="lg" p="md" component="form" noValidate onSubmit={submit}>
      <Stack gap="md">
        {problem && <FormAlert title="Your password was not changed">{problem}</FormAlert>}
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          required
          size="md"
          {...form.getInputProps('currentPassword')}
        />
        <NewPasswordField email={email} {...form.getInputProps('newPassword')} />
        <Group justify="flex-end">
          <Button type="submit" loading={loading}>
            Change password
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
