/** Customers, customization and domain names (it-IT). */
export default {};
