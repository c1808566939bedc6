import type en from '../en-US/time-zone';

/** The time zone picker (components/TimeZoneSelect). */
const timeZone: typeof en = {
  label: '시간대',
  inherit: '상속',
  inheritFrom: '상속: {{zone}}',
};

export default timeZone;
