import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { BotForm } from './BotForm';

const renderForm = (props: Partial<Parameters<typeof BotForm>[0]> = {}) => {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  renderWithProviders(
    <BotForm submitLabel="Create Bot" onSubmit={onSubmit} onCancel={onCancel} {...props} />,
  );
  return { onSubmit, onCancel, user: userEvent.setup() };
};

const radios = (group: string) =>
  within(screen.getByRole('radiogroup', { name: group })).getAllByRole('radio');

describe('BotForm', () => {
  it("starts from the spec's defaults: public, gpt35, English", () => {
    renderForm();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('');
    const description = screen.getByRole('textbox', { name: /^Description/ });
    expect(description).toHaveValue('');
    expect(description).toHaveAttribute('rows', '5');
    expect(screen.getByRole('radio', { name: 'Public access' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'GPT 3.5 Turbo (Latest)' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: /^Language/ })).toHaveValue('English');
  });

  it("offers the spec's privacy, model and language labels", async () => {
    const { user } = renderForm();
    expect(radios('Privacy').map((r) => r.getAttribute('value'))).toEqual(['public', 'private']);
    expect(screen.getByRole('radio', { name: 'Private' })).toBeInTheDocument();
    expect(radios('Model').map((r) => r.getAttribute('value'))).toEqual([
      'gpt4o',
      'gpt4turbo',
      'gpt35',
    ]);
    expect(screen.getByRole('radio', { name: 'GPT-4o (omni) - Recommended' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'GPT-4 Turbo' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /^Language/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'English',
      'Japanese',
      'Spanish',
      'Russian',
    ]);
  });

  it('submits the values the server stores, trimmed', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), '  HR helper ');
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'Answers HR questions');
    await user.click(screen.getByRole('radio', { name: 'Private' }));
    await user.click(screen.getByRole('radio', { name: 'GPT-4 Turbo' }));
    await user.click(screen.getByRole('combobox', { name: /^Language/ }));
    await user.click(await screen.findByRole('option', { name: 'Russian' }));
    await user.click(screen.getByRole('button', { name: 'Create Bot' }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'HR helper',
      description: 'Answers HR questions',
      privacy: 'private',
      model: 'gpt4turbo',
      language: 'rs',
    });
  });

  it('starts from the given values, with defaults for unknown ones', () => {
    renderForm({
      initial: {
        name: 'Sales',
        description: 'Deals',
        privacy: 'private',
        model: 'gpt4o',
        language: 'xx',
      },
    });
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Sales');
    expect(screen.getByRole('radio', { name: 'Private' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'GPT-4o (omni) - Recommended' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: /^Language/ })).toHaveValue('English');
  });

  it('asks for a name before submitting', async () => {
    const { user, onSubmit } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create Bot' }));
    expect(await screen.findByText('Give the bot a name.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the server's messages: under the field it named, and above the form", async () => {
    const { user, onCancel } = renderForm({
      error: 'Cannot reach the server.',
      fieldErrors: { description: 'The description can be at most 1000 characters.' },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot reach the server.');
    const description = screen.getByRole('textbox', { name: /^Description/ });
    expect(description).toHaveAccessibleDescription(
      /The description can be at most 1000 characters\./,
    );
    // Editing the field clears its message.
    await user.type(description, 'x');
    expect(
      screen.queryByText('The description can be at most 1000 characters.'),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
