import type en from '../en-US/time-zone';

/** The time zone picker (components/TimeZoneSelect). */
const timeZone: typeof en = {
  label: 'Fuso orario',
  inherit: 'Eredita',
  inheritFrom: 'Eredita: {{zone}}',
};

export default timeZone;
