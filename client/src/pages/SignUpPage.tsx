import { Anchor, Button, Checkbox, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSignUpMutation } from '../modules/auth/graphql/auth.generated';
import { AuthLayout } from '../modules/auth/components/AuthLayout';
import { EmailField, NewPasswordField } from '../modules/auth/components/AuthFields';
import { FormAlert, type FormProblem } from '../modules/auth/components/FormAlert';
import { newPasswordError } from '../modules/auth/password-strength';
import { describeError } from '../shared/graphql-errors';
import { usePageTitle } from '../shared/use-page-title';

const required = (message: string) => (value: string) => (value.trim() ? null : message);

/** SPEC §2 /signup; success goes to /signin with the email filled in (§4). */
export function SignUpPage() {
  usePageTitle('Sign up');
  const navigate = useNavigate();
  const [signUp, { loading }] = useSignUpMutation();
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { firstName: '', lastName: '', email: '', password: '', marketingOptIn: false },
    validate: {
      firstName: required('Enter your first name'),
      lastName: required('Enter your last name'),
      email: required('Enter your email address'),
      password: (value, values) => newPasswordError(value, values.email, 'Choose a password'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setProblem(null);
    const input = {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
      password: values.password,
      marketingOptIn: values.marketingOptIn,
    };
    try {
      await signUp({ variables: { input } });
      notifications.show({
        color: 'teal',
        title: 'Welcome to Lumen',
        // The server mailed the first verification code; the app's banner takes it after sign-in.
        message: `Account created — sign in to continue. We sent a code to ${input.email} to verify it.`,
      });
      navigate(`/signin?${new URLSearchParams({ email: input.email })}`);
    } catch (error) {
      const { field, message } = describeError(error);
      if (field && field in values) form.setFieldError(field, message);
      else setProblem({ title: 'Could not create your account', message });
    }
  });

  return (
    <AuthLayout
      title="Create your account"
      description="Free to use. Bring your team's knowledge into one place."
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/signin" fw={600}>
            Log in
          </Anchor>
        </>
      }
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {problem && <FormAlert title={problem.title}>{problem.message}</FormAlert>}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label="First name"
              autoComplete="given-name"
              required
              autoFocus
              size="md"
              key={form.key('firstName')}
              {...form.getInputProps('firstName')}
            />
            <TextInput
              label="Last name"
              autoComplete="family-name"
              required
              size="md"
              key={form.key('lastName')}
              {...form.getInputProps('lastName')}
            />
          </SimpleGrid>
          <EmailField key={form.key('email')} {...form.getInputProps('email')} />
          <NewPasswordField
            label="Password"
            email={form.getValues().email}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Checkbox
            label="Send me product news and tips"
            key={form.key('marketingOptIn')}
            {...form.getInputProps('marketingOptIn', { type: 'checkbox' })}
          />
          <Button type="submit" size="md" fullWidth loading={loading} mt="xs">
            Create account
          </Button>
        </Stack>
      </form>
    </AuthLayout>
  );
}
