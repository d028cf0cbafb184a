import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { describeRouteError, RouterErrorPage } from './RouterErrorPage';

afterEach(() => vi.restoreAllMocks());

function Boom(): never {
  throw new Error('Cannot read the bot list');
}

describe('RouterErrorPage', () => {
  it("shows 'Unexpected Application Error!' with 404 Not Found for an unknown URL", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderRoutes(
      [
        {
          errorElement: <RouterErrorPage />,
          children: [{ path: '/', element: <div>Home</div> }],
        },
      ],
      '/nope',
    );
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('404 Not Found')).toBeInTheDocument();
    expect(screen.getByText(/No route matches URL "\/nope"/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it("shows a thrown error's message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderRoutes([{ path: '/', element: <Boom />, errorElement: <RouterErrorPage /> }], '/');
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Cannot read the bot list')).toBeInTheDocument();
  });

  it('describes other kinds of errors without a stack trace', () => {
    expect(describeRouteError('plain text')).toEqual({ message: 'plain text' });
    expect(describeRouteError(undefined).message).toMatch(/Something went wrong/);
    const withStack = new Error('Broken');
    expect(describeRouteError(withStack)).toEqual({ message: 'Broken' });
  });
});
