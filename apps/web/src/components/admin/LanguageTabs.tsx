import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Languages, type Language } from '@apm/contract';
import { Button, Dropdown, Flex, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { languageInfo } from '../../locales/languages';

/** Props of {@link LanguageTabs}: the languages a text is written in, each edited in its own tab. */
export interface LanguageTabsProps {
  /** Languages chosen, in console order; never empty. */
  languages: Language[];
  onLanguagesChange(languages: Language[]): void;
  /** The tab shown. */
  active: Language;
  onActiveChange(language: Language): void;
  /** The fields of one language (rendered for every tab, so that the form validates them all). */
  renderPane(language: Language): ReactNode;
  /** Text of the "add language" control. */
  addLabel: string;
  /** Text of each pane's remove button, followed by the language's name. */
  removeLabel: string;
  /** Languages whose fields hold errors: their tabs are marked. */
  invalid?: readonly Language[];
  disabled?: boolean;
  testId?: string;
}

/**
 * A text in any subset of the seven languages, at least one: a tab per language (named in that language),
 * an "add language" menu offering the others, and a remove button in each pane while more than one is left.
 */
export function LanguageTabs(props: LanguageTabsProps) {
  const { languages, active, invalid = [], disabled } = props;
  const missing = Languages.filter((l) => !languages.includes(l));
  const add = (language: Language) => {
    props.onLanguagesChange(Languages.filter((l) => l === language || languages.includes(l)));
    props.onActiveChange(language);
  };
  const remove = (language: Language) => {
    if (languages.length < 2) return;
    const left = languages.filter((l) => l !== language);
    props.onLanguagesChange(left);
    if (active === language) props.onActiveChange(left[0]!);
  };
  const testId = props.testId;
  // Only tabs inside the tab list (axe: aria-required-children): adding and removing a language are
  // buttons beside the tabs and in each pane, not antd's editable-card buttons within the list.
  return (
    <div data-testid={testId}>
      <Flex justify="flex-end" style={{ marginBottom: 4 }}>
        <Dropdown
          disabled={disabled || missing.length === 0}
          trigger={['click']}
          menu={{
            items: missing.map((l) => ({
              key: l,
              label: <span lang={languageInfo(l).tag}>{languageInfo(l).label}</span>,
            })),
            onClick: ({ key }) => add(key as Language),
          }}
        >
          <Button
            size="small"
            type="dashed"
            icon={<PlusOutlined />}
            disabled={disabled || missing.length === 0}
            data-testid={testId ? `${testId}-add` : undefined}
          >
            {props.addLabel}
          </Button>
        </Dropdown>
      </Flex>
      <Tabs
        type="card"
        size="small"
        activeKey={active}
        onChange={(key) => props.onActiveChange(key as Language)}
        items={languages.map((l) => {
          const info = languageInfo(l);
          return {
            key: l,
            forceRender: true,
            label: (
              <span
                lang={info.tag}
                data-language={l}
                style={invalid.includes(l) ? { color: 'var(--ant-color-error)' } : undefined}
              >
                {info.label}
              </span>
            ),
            children: (
              <>
                {props.renderPane(l)}
                {!disabled && languages.length > 1 ? (
                  <Flex justify="flex-end">
                    <Button
                      size="small"
                      type="link"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => remove(l)}
                      data-testid={testId ? `${testId}-remove-${l}` : undefined}
                    >
                      {props.removeLabel} <span lang={info.tag}>{info.label}</span>
                    </Button>
                  </Flex>
                ) : null}
              </>
            ),
          };
        })}
      />
    </div>
  );
}
