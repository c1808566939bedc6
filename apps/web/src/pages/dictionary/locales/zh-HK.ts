/** Dictionary management (zh-HK). */
import type en from './en-US';

const messages: typeof en = {
  title: '字典管理',
  types: '字典類型',
  allTypes: '全部類型',
  type: '類型',
  value: '鍵值',
  label: '標籤',
  labelFor: '標籤（{{language}}）',
  description: '描述',
  keywordHint: '類型、鍵值或標籤',
  typeRule: '類型以字母開頭，最多 64 個字母、數字或 _ . -',
  valueRule: '鍵值為 1–64 個字母、數字或 _ . : -',
  create: '新增字典項',
  createTitle: '新增字典項',
  editTitle: '編輯「{{name}}」',
  saved: '字典項已儲存',
  deleted: '已刪除',
  errors: {
    platformOnly: '只有平台用戶可以修改平台級數據',
    duplicateValue: '該類型中已存在此鍵值',
    notFound: '該字典項已不存在',
  },
};
export default messages;
