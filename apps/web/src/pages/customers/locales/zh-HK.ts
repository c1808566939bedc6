/** Customers, customization and domain names (zh-HK). */
export default {};
