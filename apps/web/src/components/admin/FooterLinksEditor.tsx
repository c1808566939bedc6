import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, type FormRule } from 'antd';

/** One footer link of a brand. */
export interface FooterLink {
  name: string;
  link: string;
}

/** The texts of {@link FooterLinksEditor}, translated by the page that uses it. */
export interface FooterLinksEditorLabels {
  /** Label of a link's text. */
  name: string;
  /** Label of a link's address. */
  link: string;
  add: string;
  remove: string;
  /** Message for an address that is neither http(s) nor a path on this site. */
  invalidAddress: string;
  /** Message for a link with only a text or only an address (with `requireBoth`). */
  incomplete?: string;
}

/** Props of {@link FooterLinksEditor}. */
export interface FooterLinksEditorProps {
  labels: FooterLinksEditorLabels;
  /** The form field holding the list (default `linkList`). */
  name?: string;
  /** Most links (the server's limit; default 20). */
  max?: number;
  /** Longest link text (the server's limit; default 100). */
  nameMax?: number;
  /** Each row needs both a text and an address (rows left wholly empty are dropped on save). */
  requireBoth?: boolean;
  /** Prefix of the controls' test ids (default `footer-links`). */
  testId?: string;
}

/** An image or link address: empty, an http(s) URL or a path on this site. */
export const LINK_ADDRESS = /^(https?:\/\/\S+|\/\S*)?$/i;

/** The links to save: texts and addresses trimmed, rows left wholly empty dropped. */
export function footerLinksToSave(links: (Partial<FooterLink> | undefined)[] | undefined): FooterLink[] {
  return (links ?? [])
    .map((l) => ({ name: (l?.name ?? '').trim(), link: (l?.link ?? '').trim() }))
    .filter((l) => l.name || l.link);
}

/**
 * Editor of a brand's footer links (text + address rows, add and remove), for use inside an antd
 * Form: the platform brands in the system settings and a customer's own brand share it.
 */
export function FooterLinksEditor({
  labels,
  name = 'linkList',
  max = 20,
  nameMax = 100,
  requireBoth,
  testId = 'footer-links',
}: FooterLinksEditorProps) {
  /** With `requireBoth`: the row's other field filled makes this one required. */
  const pairRule =
    (row: number, other: keyof FooterLink): FormRule =>
    ({ getFieldValue }) => ({
      validator: (_, value: string | undefined) =>
        requireBoth && !(value ?? '').trim() && (getFieldValue([name, row, other]) ?? '').trim()
          ? Promise.reject(new Error(labels.incomplete ?? labels.invalidAddress))
          : Promise.resolve(),
    });
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <div data-testid={testId}>
          {fields.map((field, index) => (
            <Flex key={field.key} gap={8} align="flex-start">
              <Form.Item
                name={[field.name, 'name']}
                label={labels.name}
                rules={[pairRule(field.name, 'link')]}
                dependencies={[[name, field.name, 'link']]}
                style={{ flex: 1, minWidth: 0 }}
              >
                <Input maxLength={nameMax} data-testid={`${testId}-name-${index}`} />
              </Form.Item>
              <Form.Item
                name={[field.name, 'link']}
                label={labels.link}
                rules={[
                  { pattern: LINK_ADDRESS, message: labels.invalidAddress },
                  pairRule(field.name, 'name'),
                ]}
                dependencies={[[name, field.name, 'name']]}
                style={{ flex: 2, minWidth: 0 }}
              >
                <Input
                  maxLength={2000}
                  placeholder="https://… or /…"
                  data-testid={`${testId}-link-${index}`}
                />
              </Form.Item>
              {/* An empty label keeps the button level with the inputs. */}
              <Form.Item label=" " colon={false}>
                <Button
                  icon={<DeleteOutlined />}
                  onClick={() => remove(field.name)}
                  aria-label={labels.remove}
                  data-testid={`${testId}-remove-${index}`}
                />
              </Form.Item>
            </Flex>
          ))}
          <Form.Item>
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ name: '', link: '' })}
              disabled={fields.length >= max}
              data-testid={`${testId}-add`}
            >
              {labels.add}
            </Button>
          </Form.Item>
        </div>
      )}
    </Form.List>
  );
}
