import { describe, expect, it } from 'vitest';
import { serverTurn } from '../../test/conversation-mocks';
import { mergeTurns, turnFromServer } from './thread';

describe('turns loaded from the server', () => {
  it('keep whether the answer was found, so a stored not-found answer shows no source badge', () => {
    const stored = turnFromServer(serverTurn({ found: false, sources: [] }));
    expect(stored.found).toBe(false);
    expect(turnFromServer(serverTurn()).found).toBe(true);
  });

  it('take what the answer given on this screen knows (related passages) over the stored copy', () => {
    const loaded = [turnFromServer(serverTurn({ id: 't1', found: false, sources: [] }))];
    const asked = [{ ...loaded[0], related: [{ number: 1 } as never] }];
    const [merged] = mergeTurns(loaded, asked);
    expect(merged.found).toBe(false);
    expect(merged.related).toHaveLength(1);
  });
});
