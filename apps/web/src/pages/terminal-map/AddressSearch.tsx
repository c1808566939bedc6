import { AutoComplete, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../services/request';
import { getMapSuggestions, type MapSuggestion } from '../../services/terminal-map';

/** Props of {@link AddressSearch}. */
export interface AddressSearchProps {
  /** Called with the place chosen among the suggestions. */
  onChoose(place: MapSuggestion): void;
}

/**
 * Address search through the map suggestion service: asks on Enter (public geocoders forbid
 * asking on every keystroke), lists the places found, says clearly when the service is unavailable.
 */
export function AddressSearch({ onChoose }: AddressSearchProps) {
  const { t, i18n } = useTranslation('terminalMap');
  const [places, setPlaces] = useState<MapSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const search = async (text: string) => {
    const q = text.trim();
    if (!q) return;
    setLoading(true);
    setProblem(null);
    try {
      const found = await getMapSuggestions(q, i18n.language);
      setPlaces(found);
      setOpen(true);
      if (!found.length) setProblem(t('search.noResults'));
    } catch (error) {
      const unavailable = !(error instanceof RequestError) || error.status !== 400;
      setProblem(unavailable ? t('search.unavailable') : error.message);
      setPlaces([]);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div style={{ minWidth: 260, flex: '1 1 260px', maxWidth: 420 }}>
      <AutoComplete
        style={{ width: '100%' }}
        open={open && places.length > 0}
        onOpenChange={setOpen}
        options={places.map((p, i) => ({ value: String(i), label: p.label }))}
        onSelect={(value) => {
          const place = places[Number(value)];
          setOpen(false);
          if (place) onChoose(place);
        }}
      >
        <Input.Search
          placeholder={t('search.placeholder')}
          aria-label={t('search.placeholder')}
          data-testid="terminal-map-search"
          loading={loading}
          allowClear
          onSearch={(value) => void search(value)}
        />
      </AutoComplete>
      {problem && (
        <Typography.Text type="danger" data-testid="terminal-map-search-problem">
          {problem}
        </Typography.Text>
      )}
    </div>
  );
}
