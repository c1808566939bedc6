/** Customers, customization and domain names (zh-CN). */
export default {};
