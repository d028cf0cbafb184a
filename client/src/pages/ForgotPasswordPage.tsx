import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  useConfirmPasswordResetMutation,
  useRequestPasswordResetMutation,
} from '../modules/auth/graphql/auth.generated';
import { AuthLayout } from '../modules/auth/components/AuthLayout';
import { EmailField, NewPasswordField } from '../modules/auth/components/AuthFields';
import { newPasswordError } from '../modules/auth/password-strength';
import { FormAlert, type FormProblem } from '../modules/auth/components/FormAlert';
import { describeError } from '../shared/graphql-errors';
import { usePageTitle } from '../shared/use-page-title';

type Step = { name: 'request' } | { name: 'confirm'; note?: { title: string; message: string } };

const SENT_NOTE = {
  title: 'Check your email',
  message: 'If an account exists for that address, we sent a 6-digit code.',
};

/**
 * SPEC §2 /forgot-password: ask for a code by email, then set a new password with it.
 * `?email=` fills the email; `?sent=1` (from a sign-in that required a reset) opens step two.
 */
export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [step, setStep] = useState<Step>(() =>
    params.get('sent') === '1'
      ? {
          name: 'confirm',
          note: {
            title: 'A code is on its way',
            message: 'We sent a code to your email address. Enter it below with a new password.',
          },
        }
      : { name: 'request' },
  );

  const footer = (
    <Anchor component={Link} to="/signin" fw={600}>
      Back to log in
    </Anchor>
  );
  if (step.name === 'request') {
    return (
      <AuthLayout
        title="Forgot your password?"
        description="Enter your email and we'll send you a code to reset it."
        footer={footer}
      >
        <RequestCodeForm
          initialEmail={email}
          onSent={(sentTo) => {
            setEmail(sentTo);
            setStep({ name: 'confirm', note: SENT_NOTE });
          }}
          onHaveCode={(typed) => {
            setEmail(typed);
            setStep({ name: 'confirm' });
          }}
        />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Choose a new password"
      description="Enter the code from your email and a new password."
      footer={footer}
    >
      <ConfirmResetForm
        initialEmail={email}
        note={step.note}
        onRequestNewCode={(typed) => {
          setEmail(typed);
          setStep({ name: 'request' });
        }}
      />
    </AuthLayout>
  );
}

function RequestCodeForm(props: {
  initialEmail: string;
  onSent: (email: string) => void;
  onHaveCode: (email: string) => void;
}) {
  const [requestReset, { loading }] = useRequestPasswordResetMutation();
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: props.initialEmail },
    validate: { email: (value) => (value.trim() ? null : 'Enter your email address') },
  });

  const submit = form.onSubmit(async ({ email }) => {
    setProblem(null);
    try {
      await requestReset({ variables: { email: email.trim() } });
      props.onSent(email.trim());
    } catch (error) {
      const { field, message } = describeError(error);
      if (field === 'email') form.setFieldError('email', message);
      else setProblem({ title: 'Could not send a code', message });
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {problem && <FormAlert title={problem.title}>{problem.message}</FormAlert>}
        <EmailField autoFocus key={form.key('email')} {...form.getInputProps('email')} />
        <Button type="submit" size="md" fullWidth loading={loading}>
          Send me a code
        </Button>
        <Button variant="subtle" onClick={() => props.onHaveCode(form.values.email.trim())}>
          I already have a code
        </Button>
      </Stack>
    </form>
  );
}

function ConfirmResetForm(props: {
  initialEmail: string;
  note?: { title: string; message: string };
  onRequestNewCode: (email: string) => void;
}) {
  const navigate = useNavigate();
  const [confirmReset, { loading }] = useConfirmPasswordResetMutation();
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '', email: props.initialEmail, password: '' },
    validate: {
      code: (value) => (value.trim() ? null : 'Enter the code from your email'),
      email: (value) => (value.trim() ? null : 'Enter your email address'),
      password: (value, values) => newPasswordError(value, values.email, 'Enter a new password'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setProblem(null);
    const input = {
      code: values.code.trim(),
      email: values.email.trim(),
      password: values.password,
    };
    try {
      await confirmReset({ variables: { input } });
      notifications.show({
        color: 'teal',
        title: 'All set',
        message: 'Password updated — sign in with your new password',
      });
      navigate(`/signin?${new URLSearchParams({ email: input.email })}`, { replace: true });
    } catch (error) {
      const { field, message } = describeError(error);
      if (field && field in values) form.setFieldError(field, message);
      else setProblem({ title: 'Could not reset your password', message });
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {problem && <FormAlert title={problem.title}>{problem.message}</FormAlert>}
        {!problem && props.note && (
          <FormAlert tone="info" title={props.note.title}>
            {props.note.message}
          </FormAlert>
        )}
        <TextInput
          label="Code"
          placeholder="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          autoFocus
          size="md"
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
        <EmailField key={form.key('email')} {...form.getInputProps('email')} />
        <NewPasswordField
          email={form.getValues().email}
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <Button type="submit" size="md" fullWidth loading={loading} mt="xs">
          Reset password
        </Button>
        <Button variant="subtle" onClick={() => props.onRequestNewCode(form.values.email.trim())}>
          Didn&apos;t get a code? Send a new one
        </Button>
      </Stack>
    </form>
  );
}
