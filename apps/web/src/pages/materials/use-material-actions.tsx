/** Bulk actions of the material page: delete with confirmation (and the refusal's list of users), move. */
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteMaterials, moveMaterials } from '../../services/material';
import { materialErrorText } from './material-errors';
import { usagesOfRefusal } from './material-query';
import { useUsageTypeName } from './MaterialBits';

/** What {@link useMaterialActions} answers. */
export interface MaterialActions {
  /** Asks, then deletes; a refusal (in use) shows the server's message and the users of the materials. */
  confirmDelete(ids: number[], name?: string): void;
  /** Moves materials into a folder (`null`: top level); throws on failure (the picker shows it). */
  move(ids: number[], folderId: number | null): Promise<void>;
}

/** Delete and move of materials, refreshing the list, the folder counts and the capacity afterwards. */
export function useMaterialActions(onDone: () => void): MaterialActions {
  const { t } = useTranslation('materials');
  const { t: tc } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const usageTypeName = useUsageTypeName();
  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: ['material'] }), [queryClient]);
  // One confirmation at a time (a second Delete key press while it is open does nothing).
  const confirming = useRef(false);

  const confirmDelete = useCallback(
    (ids: number[], name?: string) => {
      if (!ids.length || confirming.current) return;
      confirming.current = true;
      modal.confirm({
        afterClose: () => {
          confirming.current = false;
        },
        title:
          ids.length === 1 && name
            ? tc('common.confirmDelete', { name })
            : tc('common.confirmDeleteSelected', { count: ids.length }),
        okText: tc('common.yes'),
        cancelText: tc('common.no'),
        okButtonProps: { danger: true, id: 'material-delete-ok' },
        onOk: async () => {
          try {
            await deleteMaterials(ids);
            void message.success(t('deleted', { count: ids.length }));
            onDone();
            await refresh();
          } catch (failure) {
            const usages = usagesOfRefusal(failure);
            modal.error({
              title: t('errors.deleteRefused'),
              content: (
                <div data-testid="material-delete-refused">
                  <p>{materialErrorText(failure)}</p>
                  {usages.length ? (
                    <ul>
                      {usages.map((u) => (
                        <li key={`${u.type}-${u.id}`}>
                          {t('details.usage', { type: usageTypeName(u.type), name: u.name })}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              ),
            });
          }
        },
      });
    },
    [message, modal, onDone, refresh, t, tc, usageTypeName],
  );

  const move = useCallback(
    async (ids: number[], folderId: number | null) => {
      await moveMaterials(ids, folderId);
      void message.success(t('moved', { count: ids.length }));
      onDone();
      await refresh();
    },
    [message, onDone, refresh, t],
  );

  return { confirmDelete, move };
}
