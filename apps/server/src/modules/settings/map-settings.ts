import { Type } from 'typebox';

/** An http(s) tile URL template naming {z}, {x} and {y} (Leaflet's placeholders; {s} is allowed too). */
export const MAP_TILE_URL_PATTERN = '^(?=.*\\{z\\})(?=.*\\{x\\})(?=.*\\{y\\})https?://[^\\s"\'<>]+$';
/** An http(s) URL of a Nominatim-compatible search endpoint. */
export const MAP_GEOCODER_URL_PATTERN = '^https?://[^\\s"\'<>]+$';

/** OpenStreetMap's public tiles: the default of `mapTileUrl`. */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** OpenStreetMap's public Nominatim search: the default of `mapGeocoderUrl`. */
export const DEFAULT_MAP_GEOCODER_URL = 'https://nominatim.openstreetmap.org/search';

/**
 * The terminal map's settings (spread into the settings registry): the tile server and its
 * attribution, which every signed-in console reads, and the geocoder the server asks for address
 * suggestions, which only administrators see.
 */
export const MAP_SETTINGS = {
  mapTileUrl: {
    default: DEFAULT_MAP_TILE_URL,
    visibility: 'signedIn',
    description: 'Tile URL template of the terminal map ({z}/{x}/{y}; OpenStreetMap by default)',
    schema: Type.String({ minLength: 1, maxLength: 500, pattern: MAP_TILE_URL_PATTERN }),
    readOnly: false,
    encrypted: false,
  },
  mapAttribution: {
    default: '© OpenStreetMap contributors',
    visibility: 'signedIn',
    description: 'Attribution shown on the terminal map (the tile provider’s terms ask for it)',
    schema: Type.String({ maxLength: 300 }),
    readOnly: false,
    encrypted: false,
  },
  mapGeocoderUrl: {
    default: DEFAULT_MAP_GEOCODER_URL,
    visibility: 'admin',
    description: 'Nominatim-compatible search URL behind the map’s address suggestions',
    schema: Type.String({ minLength: 1, maxLength: 500, pattern: MAP_GEOCODER_URL_PATTERN }),
    readOnly: false,
    encrypted: false,
  },
} as const;
