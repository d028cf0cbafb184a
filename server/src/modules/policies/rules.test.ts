import { describe, expect, it } from 'vitest';
import type { Viewer } from '../identity/viewer.js';
import { authorize, can } from './index.js';

/** A viewer with these roles (and, for an API key, its own cut of permissions). */
function viewer(roles: string[], options: { id?: string; apiKey?: string[] } = {}): Viewer {
  const userId = options.id ?? 'u-1';
  return {
    userId,
    workspaceId: 'w-1',
    permissions: (options.apiKey ?? []) as Viewer['permissions'],
    user: { id: userId, roles } as unknown as Viewer['user'],
    ...(options.apiKey ? { apiKeyId: 'k-1' } : {}),
  };
}
const admin = viewer(['admin'], { id: 'admin' });
const expert = viewer(['product_expert'], { id: 'expert' });
const reader = viewer(['customer_facing'], { id: 'reader' });

describe('bots', () => {
  const own = { ownerId: 'expert', privacy: 'private' };
  it('shows a public bot to everyone, a private one to its owner and admins', () => {
    expect(can(reader, 'bot.view', { ...own, privacy: 'public' })).toBe(true);
    expect(can(reader, 'bot.view', own)).toBe(false);
    expect(can(expert, 'bot.view', own)).toBe(true);
    expect(can(admin, 'bot.view', own)).toBe(true);
  });
  it('lets its owner with bot.write and admins manage it, nobody else', () => {
    expect(can(expert, 'bot.manage', own)).toBe(true);
    expect(can(admin, 'bot.manage', own)).toBe(true);
    expect(can(reader, 'bot.manage', { ...own, ownerId: 'reader' })).toBe(false); // no bot.write
    expect(can(viewer(['product_expert'], { id: 'other' }), 'bot.manage', own)).toBe(false);
  });
  it("holds an owner's API key to its own permissions", () => {
    const key = viewer(['product_expert'], { id: 'expert', apiKey: ['search.read'] });
    expect(can(key, 'bot.manage', own)).toBe(false);
  });
});

describe('sources', () => {
  const restricted = { createdById: 'expert', accessMode: 'restricted' };
  const open = { createdById: 'someone', accessMode: 'workspace' };
  it('lets the owner (with source.write) and admins manage a source’s access', () => {
    expect(can(expert, 'source.manage', restricted)).toBe(true);
    expect(can(admin, 'source.manage', restricted)).toBe(true);
    expect(can(viewer(['product_expert'], { id: 'x' }), 'source.manage', restricted)).toBe(false);
    expect(can(viewer(['customer_facing'], { id: 'expert' }), 'source.manage', restricted)).toBe(
      false,
    );
  });
  it('lets anyone with source.write change a source open to the workspace, else its managers', () => {
    expect(can(viewer(['product_expert'], { id: 'x' }), 'source.change', open)).toBe(true);
    expect(can(reader, 'source.change', open)).toBe(false);
    expect(can(viewer(['product_expert'], { id: 'x' }), 'source.change', restricted)).toBe(false);
    expect(can(expert, 'source.change', restricted)).toBe(true);
  });
});

describe('people', () => {
  it('lets a caller name only themselves', () => {
    expect(can(reader, 'person.self', { userId: 'reader' })).toBe(true);
    expect(can(reader, 'person.self', { userId: undefined })).toBe(true);
    expect(can(reader, 'person.self', { userId: 'admin' })).toBe(false);
  });
});

describe('authorize', () => {
  it('throws FORBIDDEN with the reason, and UNAUTHENTICATED without a viewer', () => {
    expect(() => authorize(reader, 'person.self', { userId: 'x' }, 'Only your own.')).toThrow(
      'Only your own.',
    );
    expect(() => authorize(null, 'person.self', { userId: 'x' })).toThrow(/Sign in/);
    expect(authorize(reader, 'person.self', { userId: 'reader' })).toBe(reader);
    expect(can(undefined, 'bot.view', { ownerId: 'x', privacy: 'public' })).toBe(false);
  });
});
