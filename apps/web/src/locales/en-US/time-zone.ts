/** The time zone picker (components/TimeZoneSelect). */
export default {
  label: 'Time zone',
  inherit: 'Inherit',
  inheritFrom: 'Inherit: {{zone}}',
};
