import type en from '../en-US/time-zone';

/** The time zone picker (components/TimeZoneSelect). */
const timeZone: typeof en = {
  label: 'Часовой пояс',
  inherit: 'Наследовать',
  inheritFrom: 'Наследовать: {{zone}}',
};

export default timeZone;
