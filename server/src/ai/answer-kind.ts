/**
 * What kind of answer a question asks for, and whether a text holds one: "how much" is answered
 * by an amount (a price, a percentage, a quantity with its unit), "how long" by a duration,
 * "when" by a time or a date, "who" by a name or a role, "where" by a place. It tells a place
 * that can answer from one that cannot ("How often are the fume hoods serviced?" is not answered
 * by "Solvents are used in the fume hoods"), never which value is right.
 */

export type AnswerKind =
  'number' | 'amount' | 'count' | 'duration' | 'time' | 'frequency' | 'person' | 'place';

const NUMBER_WORD =
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|hundred|thousand|million|half|quarter|once|twice|dozen|double|single|none';
const TIME_UNIT =
  'second|minute|min|hour|hr|h|day|night|week|fortnight|month|year|yr|shift|session|working day|business day';
const WEEKDAY = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekday|weekend';
const MONTH =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec';
const PLACE_WORD =
  'room|floor|building|street|st|road|rd|lane|avenue|ave|office|site|level|desk|cabinet|store|warehouse|studio|clinic|campus|bay|dock|door|wing|corridor|basement|reception|kitchen|lab|laboratory|cupboard|drawer|shelf|safe|locker|folder|drive|channel|page|portal|server|share|path|address|suite|unit|gate|gatehouse|yard|car park';
const PERSON_ROLE =
  'manager|director|head|lead|leader|officer|owner|team|department|administrator|admin|coordinator|chief|supervisor|partner|contact|representative|committee|board|finance|hr|procurement|security|legal|facilities|reception|desk|vp|ceo|cfo|cto|coo|president|nurse|vet|doctor|engineer|accountant|warden|champion|adviser|advisor|rep|on-call|primary|secondary';

const NUMBER = new RegExp(`\\d|\\b(${NUMBER_WORD})\\b`, 'i');
const QUANTITY = `(\\d[\\d.,]*|\\b(${NUMBER_WORD})\\b)`;
/** A price, a percentage, or a quantity with a unit that is not a time ("5 kg", "16 characters"). */
const AMOUNT = new RegExp(
  `[$€£¥]|\\b(eur|usd|gbp|chf|cad|pln|aud|nzd|sek|nok|dkk|jpy)\\b|\\d\\s?%|\\bper ?cent\\b|\\d+p\\b|${QUANTITY}\\s?-?\\s?((?!(${TIME_UNIT})s?\\b)[a-z]{1,3}\\b|(kilo|centi|milli)?(gram|metre|meter|litre|liter)s?|pound|mile|character|seat|user|request|people|person|kit|unit|item|page|box)`,
  'i',
);
const DURATION = new RegExp(
  `${QUANTITY}\\s?-?\\s?(${TIME_UNIT})s?\\b|\\b(immediately|straight away|same day|next day|overnight)\\b`,
  'i',
);
const TIME = new RegExp(
  `\\b\\d{1,2}[:.]\\d{2}\\b|\\b\\d{1,2}\\s?(am|pm)\\b|\\b(${WEEKDAY})s?\\b|\\b(${MONTH})\\b|\\b\\d{4}-\\d{2}-\\d{2}\\b|\\b\\d{1,2}(st|nd|rd|th)\\b|\\b(noon|midday|midnight|morning|afternoon|evening|end of|start of|before|after|within|until|by|no later than|deadline|due)\\b`,
  'i',
);
const FREQUENCY = new RegExp(
  `\\b(every|each|daily|weekly|fortnightly|monthly|quarterly|annually|yearly|hourly|once|twice|times|nightly)\\b|\\b(a|per)\\s(${TIME_UNIT})\\b`,
  'i',
);
const PLACE_CODE = /\b[A-Za-z]{1,3}-?\d+(\.\d+)?[A-Za-z]?\b|\b\d+\s+\p{Lu}\p{Ll}+/u;
const PLACE = new RegExp(`\\b(${PLACE_WORD})s?\\b`, 'i');
const PERSON_WORD = new RegExp(`\\b(${PERSON_ROLE})s?\\b`, 'i');
/** Two capitalised words in a row ("Claire Whitfield"), an acronym (CFO), an e-mail address. */
const PERSON_NAME = /\p{Lu}\p{Ll}+[ -]\p{Lu}\p{Ll}+|\b\p{Lu}{2,}\b|@/u;

/** The kind of answer a question's wording asks for; null when it does not say (what, is…). */
export function expectedKind(question: string): AnswerKind | null {
  const q = question.toLowerCase();
  if (/\b(who|whom|whose)\b/.test(q)) return 'person';
  if (/\bwhere\b/.test(q)) return 'place';
  if (/\bhow often\b/.test(q)) return 'frequency';
  if (/\bhow many\b/.test(q)) return 'count';
  if (/\bhow (long|soon|quickly)\b|\bhow far (in advance|ahead)\b/.test(q)) return 'duration';
  if (/\bhow (much|big|large|fast|far|high|low|heavy|old)\b|\bwhat percentage\b/.test(q))
    return 'amount';
  if (/\b(when|what time|what date|what day|by when|how (late|early))\b/.test(q)) return 'time';
  return null;
}

/** Whether `text` holds an answer of that kind. */
export function holdsKind(text: string, kind: AnswerKind): boolean {
  switch (kind) {
    case 'number':
    case 'count':
      return NUMBER.test(text);
    case 'amount':
      return AMOUNT.test(text);
    case 'duration':
      return DURATION.test(text);
    case 'time':
      return TIME.test(text) || NUMBER.test(text);
    case 'frequency':
      return FREQUENCY.test(text);
    case 'place':
      return PLACE_CODE.test(text) || PLACE.test(text) || /\p{Lu}\p{Ll}+/u.test(text.slice(1));
    case 'person':
      return PERSON_NAME.test(text) || PERSON_WORD.test(text);
  }
}
