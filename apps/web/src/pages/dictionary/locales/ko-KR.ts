/** Dictionary management (ko-KR). */
import type en from './en-US';

const messages: typeof en = {
  title: '사전 관리',
  types: '사전 유형',
  allTypes: '모든 유형',
  type: '유형',
  value: '값',
  label: '레이블',
  labelFor: '레이블 ({{language}})',
  description: '설명',
  keywordHint: '유형, 값 또는 레이블',
  typeRule: '유형은 문자로 시작하며 최대 64자의 문자, 숫자 또는 _ . - 로 구성됩니다',
  valueRule: '값은 1–64자의 문자, 숫자 또는 _ . : - 로 구성됩니다',
  create: '새 항목',
  createTitle: '새 사전 항목',
  editTitle: '“{{name}}” 편집',
  saved: '항목이 저장되었습니다',
  deleted: '삭제되었습니다',
  errors: {
    platformOnly: '플랫폼 사용자만 플랫폼 공통 데이터를 변경할 수 있습니다',
    duplicateValue: '이 유형에 이미 같은 값이 있습니다',
    notFound: '항목이 더 이상 존재하지 않습니다',
  },
};
export default messages;
