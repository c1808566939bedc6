import { useQueries } from '@tanstack/react-query';
import { Flex, Tag } from 'antd';
import { useState } from 'react';
import OfficeTreeSelect from '../../components/admin/OfficeTreeSelect';
import { getOfficeNode } from '../../services/office';

/** Props of {@link OfficeMultiPicker}: a controlled antd Form field holding office ids. */
export interface OfficeMultiPickerProps {
  value?: number[];
  onChange?: (ids: number[]) => void;
  placeholder?: string;
  id?: string;
}

/**
 * Several offices from the one-office {@link OfficeTreeSelect}: each choice is added to the list below
 * it (shown as closable tags with the office path), and the picker clears for the next one.
 */
export function OfficeMultiPicker({ value = [], onChange, placeholder, id }: OfficeMultiPickerProps) {
  const [picking, setPicking] = useState<number | undefined>(undefined);
  const names = useQueries({
    queries: value.map((officeId) => ({
      queryKey: ['office', 'node', officeId],
      queryFn: () => getOfficeNode(officeId),
      staleTime: 60_000,
    })),
  });
  return (
    <Flex vertical gap={8}>
      <OfficeTreeSelect
        id={id}
        value={picking}
        placeholder={placeholder}
        onChange={(officeId) => {
          if (officeId !== undefined && !value.includes(officeId)) onChange?.([...value, officeId]);
          setPicking(undefined);
        }}
      />
      {value.length ? (
        <Flex wrap gap={4} data-testid="office-targets">
          {value.map((officeId, i) => {
            const node = names[i]?.data;
            return (
              <Tag key={officeId} closable onClose={() => onChange?.(value.filter((v) => v !== officeId))}>
                {node ? node.pathNames.join(' / ') || node.name : `#${officeId}`}
              </Tag>
            );
          })}
        </Flex>
      ) : null}
    </Flex>
  );
}
