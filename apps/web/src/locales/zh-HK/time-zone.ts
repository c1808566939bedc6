import type en from '../en-US/time-zone';

/** The time zone picker (components/TimeZoneSelect). */
const timeZone: typeof en = {
  label: '時區',
  inherit: '繼承',
  inheritFrom: '繼承：{{zone}}',
};

export default timeZone;
