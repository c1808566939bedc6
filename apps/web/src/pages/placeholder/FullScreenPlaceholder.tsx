import { ExpandOutlined } from '@ant-design/icons';
import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMatches, useNavigate } from 'react-router';
import { pageHandleOf } from '../../router/handle';

/** The full-screen pages outside the shell and the text explaining each. */
const TEXT = {
  inframe: 'placeholder.fullScreen.inframe',
  planMakeFull: 'placeholder.fullScreen.planMake',
  publishSet: 'placeholder.fullScreen.publishSet',
  terminalSelection: 'placeholder.fullScreen.terminalSelection',
  programEditor: 'placeholder.fullScreen.programEditor',
} as const;

/** A full-screen page (editor, selection) that later work fills; says what it is for. */
export default function FullScreenPlaceholder() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleKey = pageHandleOf(useMatches())?.titleKey;
  const textKey = titleKey && titleKey in TEXT ? TEXT[titleKey as keyof typeof TEXT] : undefined;
  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: '100%', padding: 16 }}
      data-testid="full-screen-page"
    >
      <Result
        icon={<ExpandOutlined />}
        title={titleKey ? t(`route.${titleKey}`) : ''}
        subTitle={textKey ? t(textKey) : undefined}
        extra={
          <Button
            type="primary"
            onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/home'))}
          >
            {t('placeholder.back')}
          </Button>
        }
      />
    </Flex>
  );
}
