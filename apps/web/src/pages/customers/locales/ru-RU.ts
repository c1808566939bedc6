/** Customers, customization and domain names (ru-RU). */
export default {};
