import { describe, expect, it } from 'vitest';
import { stripBidiControls, toSingleLine } from '../../../src/shared/control-characters.ts';

describe('toSingleLine', () => {
  it('turns line breaks and tabs into one space and trims the ends', () => {
    expect(toSingleLine(' Иван\r\nBcc: x@y.test\t\v\f\u0085\u2028\u2029Петров ')).toBe('Иван Bcc: x@y.test Петров');
  });

  it('drops other control and bidirectional formatting characters', () => {
    expect(toSingleLine('a\u0000b\u0007c\u007fd\u009be\u202ef\u2066g\u200fh')).toBe('abcdefgh');
  });

  it('leaves ordinary text as it is', () => {
    expect(toSingleLine('Клиника «Улыбка», ул. Ленина 1')).toBe('Клиника «Улыбка», ул. Ленина 1');
  });
});

describe('stripBidiControls', () => {
  it('shows a name as it is: «cv\u202Efdp.exe» is the executable it is', () => {
    expect(stripBidiControls('cv\u202efdp.exe')).toBe('cvfdp.exe');
  });
});
