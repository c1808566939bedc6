/** Menu management (ko-KR). */
import type en from './en-US';

const messages: typeof en = {
  title: '메뉴 관리',
  addTop: '최상위 항목 추가',
  addChild: '하위 항목 추가',
  moveUp: '위로 이동',
  moveDown: '아래로 이동',
  createTitle: '새 메뉴 항목',
  editTitle: '메뉴 항목 “{{name}}” 편집',
  saved: '메뉴가 저장되었습니다',
  deleted: '메뉴 항목이 삭제되었습니다',
  moved: '순서가 변경되었습니다',
  hasChildren: '먼저 “{{name}}” 아래의 항목을 삭제하세요.',
  hidden: '숨김',
  visibleYes: '표시',
  openToAll: '모든 사용자 (*)',
  columns: {
    name: '이름',
    key: '키',
    path: '경로',
    icon: '아이콘',
    permission: '권한',
    visible: '표시 여부',
  },
  form: {
    key: '키',
    keyHelp: '문자로 시작하고 문자, 숫자 또는 _만 사용합니다. 나중에 변경할 수 없습니다.',
    keyPattern: '키는 문자로 시작하고 문자, 숫자 또는 _만 포함해야 합니다',
    parent: '상위 항목',
    parentNone: '최상위',
    path: '경로',
    pathHelp: '콘솔의 페이지 경로(예: sys/reports). 그룹이면 비워 두세요.',
    pathPattern: '경로에는 문자, 숫자, -, _, ., /만 사용할 수 있습니다',
    names: '이름',
    name: '이름 ({{language}})',
    icon: '아이콘',
    iconNone: '아이콘 없음',
    permission: '권한',
    sort: '순서',
    visible: '메뉴에 표시',
    roles: '역할',
    rolesHelp: '이 페이지를 열 수 있는 역할 코드',
  },
};

export default messages;
