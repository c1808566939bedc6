/** Terminal map (en-US). */
export default {
  title: 'Terminal map',
  filters: {
    office: 'Institution',
    allOffices: 'All institutions',
    group: 'Group',
    allGroups: 'All groups',
    state: 'State',
    allStates: 'All states',
  },
  states: {
    online: 'Online',
    abnormal: 'Abnormal (open alarm)',
    offline: 'Offline',
  },
  legend: 'Legend',
  shown: '{{count}} terminals on the map',
  loadFailed: 'The terminals could not be loaded: {{message}}',
  search: {
    placeholder: 'Search an address',
    unavailable: 'The map search service is unavailable; try again later.',
    noResults: 'No place found',
  },
  unpositioned: {
    title: 'Without a position ({{count}})',
    none: 'Every terminal has a position.',
    more: 'and {{count}} more: filter by institution or group to see them',
    place: 'Place on map',
    placing: 'Click the map where {{name}} stands.',
    cancel: 'Cancel',
  },
  move: {
    placeTitle: 'Place {{name}} here?',
    moveTitle: 'Move {{name}} here?',
    content: 'Latitude {{latitude}}, longitude {{longitude}}. The terminal is told its new position.',
    ok: 'Confirm',
    saved: '{{name}} placed on the map',
    failed: 'Could not place {{name}}: {{message}}',
    dragHint: 'Drag a terminal to move it.',
    noPermission: 'Moving terminals needs the permission to edit terminal settings.',
  },
  popup: {
    state: 'State',
    details: 'Details',
  },
};
