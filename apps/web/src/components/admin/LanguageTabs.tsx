import { PlusOutlined } from '@ant-design/icons';
import { Languages, type Language } from '@apm/contract';
import { Button, Dropdown, Tabs } from 'antd';
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
  /** Accessible name of the tabs' remove buttons. */
  removeLabel: string;
  /** Languages whose fields hold errors: their tabs are marked. */
  invalid?: readonly Language[];
  disabled?: boolean;
  testId?: string;
}

/**
 * A text in any subset of the seven languages, at least one: a tab per language (named in that language),
 * an "add language" menu offering the others, and a remove button on each tab while more than one is left.
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
  return (
    <Tabs
      type="editable-card"
      size="small"
      hideAdd
      activeKey={active}
      onChange={(key) => props.onActiveChange(key as Language)}
      onEdit={(key, action) => {
        if (action === 'remove' && typeof key === 'string') remove(key as Language);
      }}
      data-testid={props.testId}
      locale={{ removeAriaLabel: props.removeLabel }}
      tabBarExtraContent={
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
            data-testid={props.testId ? `${props.testId}-add` : undefined}
          >
            {props.addLabel}
          </Button>
        </Dropdown>
      }
      items={languages.map((l) => {
        const info = languageInfo(l);
        return {
          key: l,
          forceRender: true,
          closable: !disabled && languages.length > 1,
          label: (
            <span
              lang={info.tag}
              data-language={l}
              style={invalid.includes(l) ? { color: 'var(--ant-color-error)' } : undefined}
            >
              {info.label}
            </span>
          ),
          children: props.renderPane(l),
        };
      })}
    />
  );
}
