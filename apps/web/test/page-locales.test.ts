import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../src/locales/languages';
import { namespaceFolder } from '../src/locales/page-messages';

type Bundle = { default: Record<string, unknown> };

const files = import.meta.glob<Bundle>(['../src/pages/*/locales/*.ts', '../src/pages/*/*/locales/*.ts'], {
  eager: true,
});

/** Messages by feature folder, then by language tag. */
const byFeature = new Map<string, Map<string, Record<string, unknown>>>();
for (const [file, bundle] of Object.entries(files)) {
  const [, feature, tag] = /pages\/([^/]+(?:\/[^/]+)?)\/locales\/([^/]+)\.ts$/.exec(file) ?? [];
  if (!feature || !tag) continue;
  if (!byFeature.has(feature)) byFeature.set(feature, new Map());
  byFeature.get(feature)!.set(tag, bundle.default);
}

function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const features = [...byFeature.keys()].sort();

describe('page locales', () => {
  it('finds the feature bundles', () => {
    expect(features).toContain('users');
    expect(namespaceFolder('messageNotification')).toBe('message-notification');
  });

  it.each(features)('%s has a file for each of the seven languages', (feature) => {
    expect([...byFeature.get(feature)!.keys()].sort()).toEqual(LANGUAGES.map((l) => l.tag).sort());
  });

  it.each(features)(
    '%s: every language has exactly the English keys, non-empty, same placeholders',
    (feature) => {
      const bundles = byFeature.get(feature)!;
      const english = flatten(bundles.get('en-US'));
      for (const [tag, messages] of bundles) {
        const flat = flatten(messages);
        expect({ tag, missing: [...english.keys()].filter((k) => !flat.has(k)) }).toEqual({
          tag,
          missing: [],
        });
        expect({ tag, extra: [...flat.keys()].filter((k) => !english.has(k)) }).toEqual({ tag, extra: [] });
        const empty = [...flat].filter(([, text]) => typeof text !== 'string' || text.trim() === '');
        expect({ tag, empty: empty.map(([k]) => k) }).toEqual({ tag, empty: [] });
        const mismatched = [...english].filter(
          ([key, text]) =>
            JSON.stringify(placeholders(String(text))) !==
            JSON.stringify(placeholders(String(flat.get(key)))),
        );
        expect({ tag, placeholders: mismatched.map(([k]) => k) }).toEqual({ tag, placeholders: [] });
      }
    },
  );

  it.each(features)('%s is translated (no English sentences copied)', (feature) => {
    const bundles = byFeature.get(feature)!;
    const english = flatten(bundles.get('en-US'));
    for (const [tag, messages] of bundles) {
      if (tag === 'en-US') continue;
      const same = [...flatten(messages)].filter(
        ([k, text]) => text === english.get(k) && String(text).length > 12,
      );
      expect({ tag, copied: same.map(([k]) => k) }).toEqual({ tag, copied: [] });
    }
  });
});
