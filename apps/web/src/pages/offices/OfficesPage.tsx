import { ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Row, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OfficeDetail, type DetailMode } from './OfficeDetail';
import { OfficeTree } from './OfficeTree';
import { useOfficeTree } from './use-office-tree';

/** `sys/office`: the institution tree on the left (search, lazy children), details and edit on the right. */
export default function OfficesPage() {
  const { t } = useTranslation('offices');
  const { t: tc } = useTranslation();
  const tree = useOfficeTree();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<DetailMode | undefined>(undefined);

  const onChanged = async ({
    select,
    removed,
  }: {
    select?: number;
    removed?: number;
    parents: (number | null)[];
  }) => {
    // Select first: the query of a deleted office must not be refetched.
    setMode(select !== undefined ? { edit: select } : undefined);
    if (removed !== undefined) queryClient.removeQueries({ queryKey: ['office', 'info', removed] });
    await new Promise((resolve) => setTimeout(resolve));
    await queryClient.invalidateQueries({ queryKey: ['office'] });
    await tree.reload();
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={9} xl={7}>
        <Card
          title={t('tree')}
          extra={
            <Tooltip title={tc('common.refresh')}>
              <Button
                type="text"
                icon={<ReloadOutlined />}
                onClick={() => void tree.reload()}
                aria-label={tc('common.refresh')}
              />
            </Tooltip>
          }
        >
          <OfficeTree
            tree={tree}
            selectedId={mode && 'edit' in mode ? mode.edit : undefined}
            onSelect={(id) => setMode({ edit: id })}
          />
        </Card>
      </Col>
      <Col xs={24} md={15} xl={17}>
        <Card
          title={mode && 'createUnder' in mode ? t('newUnder', { name: mode.createUnder.name }) : t('title')}
          data-testid="office-detail"
        >
          <OfficeDetail
            mode={mode}
            onChanged={(c) => void onChanged(c)}
            onCreateChild={(parent) => setMode({ createUnder: { id: parent.id, name: parent.name } })}
          />
        </Card>
      </Col>
    </Row>
  );
}
