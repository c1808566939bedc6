/** Customers, customization and domain names (fr-FR). */
export default {};
