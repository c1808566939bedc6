import type en from '../en-US/time-zone';

/** The time zone picker (components/TimeZoneSelect). */
const timeZone: typeof en = {
  label: '时区',
  inherit: '继承',
  inheritFrom: '继承：{{zone}}',
};

export default timeZone;
