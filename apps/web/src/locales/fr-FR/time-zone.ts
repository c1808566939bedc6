import type en from '../en-US/time-zone';

/** The time zone picker (components/TimeZoneSelect). */
const timeZone: typeof en = {
  label: 'Fuseau horaire',
  inherit: 'Hériter',
  inheritFrom: 'Hériter : {{zone}}',
};

export default timeZone;
