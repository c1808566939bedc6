import { describe, expect, it } from 'vitest';
import {
  appendItems,
  clamp,
  htmlToText,
  lengthProblem,
  MAX_MEDIA_ITEMS,
  moveItem,
  msToSeconds,
  normaliseColor,
  numberProblem,
  removeItem,
  secondsToMs,
  textContentProblem,
  textToHtml,
  timeZoneChoices,
  urlProblem,
  withTransitionName,
} from '../../src/pages/program-editor/panels/panel-values';
import { isValidTimeZone } from '@apm/renderer';

describe('text ↔ the text widget html', () => {
  it('escapes markup and writes line breaks as <br>', () => {
    expect(textToHtml('a < b & "c"\r\nd\'s')).toBe('a &lt; b &amp; &quot;c&quot;<br>d&#39;s');
  });

  it('reads back what it wrote', () => {
    for (const text of ['plain', 'two\nlines', '<b>not bold</b> & co', '', '\n\nblank lines\n'])
      expect(htmlToText(textToHtml(text))).toBe(text);
  });

  it('reads html from elsewhere: breaks, blocks, tags and entities', () => {
    expect(htmlToText('<p>One</p><p>Two<br/>three</p>')).toBe('One\nTwo\nthree');
    expect(htmlToText('<b>Bold</b>&nbsp;&amp;&#x4E2D;&#25991;&unknown;')).toBe('Bold &中文&unknown;');
    expect(htmlToText('line\nin source')).toBe('linein source');
  });

  it('refuses text whose html would exceed the format', () => {
    expect(textContentProblem('x'.repeat(100_000))).toBeNull();
    expect(textContentProblem('<'.repeat(30_000))).toBe('tooLong');
  });
});

describe('colours', () => {
  it('stores what ColorSchema takes, alpha only when not opaque', () => {
    expect(normaliseColor('#AABBCC')).toBe('#aabbcc');
    expect(normaliseColor('#abc')).toBe('#aabbcc');
    expect(normaliseColor('#11223380')).toBe('#11223380');
    expect(normaliseColor('#112233FF')).toBe('#112233');
    expect(normaliseColor(' transparent ')).toBe('transparent');
  });

  it('refuses anything else', () => {
    for (const bad of ['red', '#12', '#12345', 'rgb(0,0,0)', '#gggggg', ''])
      expect(normaliseColor(bad)).toBeNull();
  });
});

describe('number and text checks', () => {
  it('names why a number is refused', () => {
    const bounds = { min: 0, max: 20, integer: true };
    expect(numberProblem(5, bounds)).toBeNull();
    expect(numberProblem(null, bounds)).toBe('required');
    expect(numberProblem(Number.NaN, bounds)).toBe('required');
    expect(numberProblem(2.5, bounds)).toBe('integer');
    expect(numberProblem(21, bounds)).toBe('range');
    expect(numberProblem(-1, { min: 0, max: 1 })).toBe('range');
    expect(numberProblem(0.5, { min: 0, max: 1 })).toBeNull();
  });

  it('checks lengths', () => {
    expect(lengthProblem('', 1, 5)).toBe('required');
    expect(lengthProblem('', 0, 5)).toBeNull();
    expect(lengthProblem('abcdef', 0, 5)).toBe('tooLong');
  });

  it('takes absolute http(s) addresses only', () => {
    expect(urlProblem('https://example.com/a?b=c')).toBeNull();
    expect(urlProblem('http://10.0.0.1:8080/live.m3u8')).toBeNull();
    expect(urlProblem('')).toBe('required');
    expect(urlProblem('ftp://example.com')).toBe('url');
    expect(urlProblem('https://exa mple.com')).toBe('url');
    expect(urlProblem('https://')).toBe('url');
    expect(urlProblem('example.com')).toBe('url');
    expect(urlProblem(`https://e.com/${'a'.repeat(2048)}`)).toBe('tooLong');
  });

  it('clamps and converts seconds within the format', () => {
    expect(clamp(5, 0, 3)).toBe(3);
    expect(clamp(-5, 0, 3)).toBe(0);
    expect(msToSeconds(10_000)).toBe(10);
    expect(msToSeconds(1250)).toBe(1.3);
    expect(secondsToMs(2.5, 1000, 86_400_000)).toBe(2500);
    expect(secondsToMs(0.1, 1000, 86_400_000)).toBe(1000);
    expect(secondsToMs(1e9, 500, 86_400_000)).toBe(86_400_000);
  });
});

describe('time zones', () => {
  it('offers zones the runtime knows, UTC among them', () => {
    const zones = timeZoneChoices(null);
    expect(zones).toContain('UTC');
    expect(zones).toContain('Asia/Shanghai');
    expect(zones.every((z) => isValidTimeZone(z))).toBe(true);
  });

  it('keeps a stored zone the list lacks, so the select can show it', () => {
    expect(timeZoneChoices('Mars/Olympus')[0]).toBe('Mars/Olympus');
    expect(timeZoneChoices('Europe/Paris').filter((z) => z === 'Europe/Paris')).toHaveLength(1);
  });
});

describe('item lists', () => {
  it('moves items within bounds', () => {
    const list = ['a', 'b', 'c'];
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(list, 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(list, 1, 9)).toEqual(['a', 'c', 'b']);
    expect(moveItem(list, 0, -1)).toBe(list);
    expect(removeItem(list, 1)).toEqual(['a', 'c']);
  });

  it('appends picked materials up to the format limit', () => {
    const make = (materialId: number) => ({ materialId });
    expect(appendItems([{ materialId: 1 }], [2, 3], make)).toEqual([
      { materialId: 1 },
      { materialId: 2 },
      { materialId: 3 },
    ]);
    const many = Array.from({ length: MAX_MEDIA_ITEMS - 1 }, (_, i) => ({ materialId: i + 1 }));
    expect(appendItems(many, [900, 901, 902], make)).toHaveLength(MAX_MEDIA_ITEMS);
  });
});

describe('transitions', () => {
  it('a cut takes no direction and no time; an effect gets a time', () => {
    expect(withTransitionName({ name: 'slide', direction: 'up', durationMs: 800 }, 'none')).toEqual({
      name: 'none',
      durationMs: 0,
    });
    expect(withTransitionName({ name: 'none', durationMs: 0 }, 'fade')).toEqual({
      name: 'fade',
      durationMs: 500,
    });
    expect(withTransitionName({ name: 'slide', direction: 'up', durationMs: 800 }, 'zoom')).toEqual({
      name: 'zoom',
      direction: 'up',
      durationMs: 800,
    });
  });
});
