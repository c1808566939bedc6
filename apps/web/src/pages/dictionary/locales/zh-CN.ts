/** Dictionary management (zh-CN). */
import type en from './en-US';

const messages: typeof en = {
  title: '字典管理',
  types: '字典类型',
  allTypes: '全部类型',
  type: '类型',
  value: '键值',
  label: '标签',
  labelFor: '标签（{{language}}）',
  description: '描述',
  keywordHint: '类型、键值或标签',
  typeRule: '类型以字母开头，最多 64 个字母、数字或 _ . -',
  valueRule: '键值为 1–64 个字母、数字或 _ . : -',
  create: '新增字典项',
  createTitle: '新增字典项',
  editTitle: '编辑“{{name}}”',
  saved: '字典项已保存',
  deleted: '已删除',
  errors: {
    platformOnly: '只有平台用户可以修改平台级数据',
    duplicateValue: '该类型中已存在此键值',
    notFound: '该字典项已不存在',
  },
};
export default messages;
