import { DATA_SOURCE_LIMITS, type DataItem } from '@apm/contract';
import { XMLParser } from 'fast-xml-parser';
import { FeedError } from './feed-fetch.js';

/** How a source reads its feed. */
export interface FeedShape {
  format: 'json' | 'rss';
  itemPath: string;
  titleField: string;
  textField: string;
}

const TEXT_MAX = 1000;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Plain text of a feed value: strings and numbers as they are, XML text nodes by their text, tags stripped. */
function textOf(v: unknown): string {
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
    return String(v)
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, TEXT_MAX);
  }
  if (isObject(v) && '#text' in v) return textOf(v['#text']);
  return '';
}

/** A dotted path into JSON (`data.items`, `results.0.list`); empty: the value itself. */
function at(value: unknown, path: string): unknown {
  if (!path.trim()) return value;
  let current = value;
  for (const part of path.split('.')) {
    if (Array.isArray(current) && /^\d+$/.test(part)) current = current[Number(part)];
    else if (isObject(current)) current = current[part];
    else return undefined;
  }
  return current;
}

function jsonItems(text: string, shape: FeedShape): DataItem[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new FeedError(`the answer is not JSON (${(err as Error).message})`);
  }
  const list = at(doc, shape.itemPath);
  if (!Array.isArray(list)) throw new FeedError(`${shape.itemPath || 'the answer'} is not a list of items`);
  return list.map((item) => {
    if (!isObject(item)) return { title: textOf(item) };
    const out: DataItem = { title: textOf(at(item, shape.titleField || 'title')) };
    if (shape.textField) {
      const t = textOf(at(item, shape.textField));
      if (t) out.text = t;
    }
    return out;
  });
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  processEntities: true,
  htmlEntities: true,
  // One item is still a list of one.
  isArray: (name) => name === 'item' || name === 'entry' || name === 'link',
});

function xmlItems(text: string): DataItem[] {
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(text) as Record<string, unknown>;
  } catch (err) {
    throw new FeedError(`the answer is not XML (${(err as Error).message})`);
  }
  const rss = isObject(doc.rss) ? doc.rss : isObject(doc['rdf:RDF']) ? doc['rdf:RDF'] : null;
  const channel = rss && isObject(rss.channel) ? rss.channel : null;
  const rssItems = (channel?.item ?? (rss as Record<string, unknown> | null)?.item) as unknown;
  if (Array.isArray(rssItems)) {
    return rssItems.filter(isObject).map((i) => {
      const out: DataItem = { title: textOf(i.title) };
      const desc = textOf(i.description);
      if (desc) out.text = desc;
      const link = Array.isArray(i.link) ? textOf(i.link[0]) : textOf(i.link);
      if (link) out.link = link;
      const date = textOf(i.pubDate ?? i['dc:date']);
      if (date) out.date = date;
      return out;
    });
  }
  const feed = isObject(doc.feed) ? doc.feed : null;
  if (feed && Array.isArray(feed.entry)) {
    return feed.entry.filter(isObject).map((e) => {
      const out: DataItem = { title: textOf(e.title) };
      const summary = textOf(e.summary ?? e.content);
      if (summary) out.text = summary;
      const links = Array.isArray(e.link) ? e.link.filter(isObject) : [];
      const href = links.find((l) => l['@rel'] === undefined || l['@rel'] === 'alternate')?.['@href'];
      if (typeof href === 'string') out.link = href;
      const date = textOf(e.updated ?? e.published);
      if (date) out.date = date;
      return out;
    });
  }
  throw new FeedError('the answer is neither an RSS nor an Atom feed');
}

/** The items of a feed (at most `maxItems`, titles required), or `FeedError` saying why not. */
export function parseFeed(text: string, shape: FeedShape): DataItem[] {
  const items = (shape.format === 'json' ? jsonItems(text, shape) : xmlItems(text)).filter((i) => i.title);
  return items.slice(0, DATA_SOURCE_LIMITS.maxItems);
}
