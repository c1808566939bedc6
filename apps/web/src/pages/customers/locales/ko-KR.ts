/** Customers, customization and domain names (ko-KR). */
export default {};
