/** Customers, customization and domain names (en-US). */
export default {};
