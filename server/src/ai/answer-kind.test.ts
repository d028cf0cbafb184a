import { describe, expect, it } from 'vitest';
import { expectedKind, holdsKind } from './answer-kind.js';

describe('expectedKind', () => {
  it('reads the kind of answer from the question words', () => {
    expect(expectedKind('Who needs to sign off if I want to fly business?')).toBe('person');
    expect(expectedKind("Where's the spare freezer in Boston?")).toBe('place');
    expect(expectedKind('How often do the fume hoods get serviced?')).toBe('frequency');
    expect(expectedKind('How many kits were hit by the mix-up?')).toBe('count');
    expect(expectedKind('How far in advance do flights have to be booked?')).toBe('duration');
    expect(expectedKind('How much does an hour on the flow cytometer cost?')).toBe('amount');
    expect(expectedKind('When is the EU consortium report due?')).toBe('time');
    expect(expectedKind('What is the minimum password length?')).toBeNull();
    expect(expectedKind('Can we do BSL-3 work at any of our sites?')).toBeNull();
  });
});

describe('holdsKind', () => {
  it('finds an amount: a price, a percentage, a quantity with its unit', () => {
    expect(holdsKind('Flow cytometer: CHF 60 per hour', 'amount')).toBe(true);
    expect(holdsKind('Academic customers receive 20% off list price.', 'amount')).toBe(true);
    expect(holdsKind('Pack at least 5 kg of dry ice for every 24 hours.', 'amount')).toBe(true);
    expect(holdsKind('Nobody is primary more than once.', 'amount')).toBe(false);
  });

  it('finds a duration, a time, a frequency', () => {
    expect(holdsKind('Book at least 21 days before departure.', 'duration')).toBe(true);
    expect(holdsKind('Report it straight away.', 'duration')).toBe(true);
    expect(holdsKind('Solvents are used in the fume hoods.', 'duration')).toBe(false);
    expect(holdsKind('Submit by Friday at 17:00.', 'time')).toBe(true);
    expect(holdsKind('The filters are changed every six months.', 'frequency')).toBe(true);
    expect(holdsKind('Solvents are used in the fume hoods.', 'frequency')).toBe(false);
  });

  it('finds a person or a role, and a place', () => {
    expect(holdsKind('Business class needs written approval from the CFO.', 'person')).toBe(true);
    expect(holdsKind('Account manager: Claire Whitfield', 'person')).toBe(true);
    expect(holdsKind('it is kept locked at all times.', 'person')).toBe(false);
    expect(holdsKind('The confocal is in room C2.14.', 'place')).toBe(true);
    expect(holdsKind('it is kept locked at all times.', 'place')).toBe(false);
  });
});
