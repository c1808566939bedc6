/** A deletion the user confirms in a dialog first. */
import { App } from 'antd';
import { useTranslation } from 'react-i18next';

/** What {@link useConfirmDelete}'s function asks and does. */
export interface ConfirmDeleteOptions {
  /** The question. */
  title: string;
  /** Id of the (red) Yes button. */
  okButtonId: string;
  /** Deletes and updates the page. */
  remove(): Promise<unknown>;
  /** The message of a failed deletion. */
  errorText(failure: unknown): string;
}

/** Answers a function that asks Yes/No before a deletion and runs it on Yes; a failure shows as a message. */
export function useConfirmDelete() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  return ({ title, okButtonId, remove, errorText }: ConfirmDeleteOptions) =>
    modal.confirm({
      title,
      okText: t('common.yes'),
      cancelText: t('common.no'),
      okButtonProps: { danger: true, id: okButtonId },
      onOk: async () => {
        try {
          await remove();
        } catch (failure) {
          void message.error(errorText(failure));
        }
      },
    });
}
