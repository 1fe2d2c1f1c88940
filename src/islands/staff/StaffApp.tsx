/**
 * The back office: react-admin with MUI, loaded by the /staff/ island (StaffEntry.tsx) for a signed-in
 * staff member. The shell (layout, menu, providers, theme) is this chunk; each section's screens load when
 * it is opened (`lazyScreens`): a new section is one `<Resource>` line, with one `lazyScreens` line for a
 * new module. Data and auth go through our own providers over the staff API.
 */
import { useState } from 'react';
import { defaultTheme, Resource, type RaThemeOptions } from 'react-admin';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import InboxIcon from '@mui/icons-material/Inbox';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import ArticleIcon from '@mui/icons-material/Article';
import PeopleIcon from '@mui/icons-material/People';
import MailIcon from '@mui/icons-material/Mail';
import WorkIcon from '@mui/icons-material/Work';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import HistoryIcon from '@mui/icons-material/History';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import SellIcon from '@mui/icons-material/Sell';
import SchoolIcon from '@mui/icons-material/School';
import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import TuneIcon from '@mui/icons-material/Tune';
import DescriptionIcon from '@mui/icons-material/Description';
import PrintIcon from '@mui/icons-material/Print';
import CategoryIcon from '@mui/icons-material/Category';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import { SHOP_NAME } from '../../shared/site.ts';
import { createStaffAuthProvider } from './auth-provider.ts';
import { createStaffDataProvider } from './data-provider.ts';
import { i18nProvider } from './i18n.ts';
import { lazyScreens } from './lazy-screens.ts';
import { STAFF_FOCUS_RING, STAFF_FONT, STAFF_PALETTE } from './palette.ts';
import { StaffAdmin } from './StaffAdmin.tsx';
import { StaffLayout } from './StaffLayout.tsx';

const changes = lazyScreens(() => import('./changes.tsx'));
const clinics = lazyScreens(() => import('./clinics.tsx'));
const company = lazyScreens(() => import('./company.tsx'));
const courses = lazyScreens(() => import('./courses.tsx'));
const dashboard = lazyScreens(() => import('./Dashboard.tsx'));
const dictionaries = lazyScreens(() => import('./dictionaries.tsx'));
const exchange1c = lazyScreens(() => import('./exchange-1c.tsx'));
const exchanges = lazyScreens(() => import('./exchanges.tsx'));
const imports = lazyScreens(() => import('./imports.tsx'));
const orders = lazyScreens(() => import('./orders.tsx'));
const products = lazyScreens(() => import('./products.tsx'));
const publications = lazyScreens(() => import('./publications.tsx'));
const requests = lazyScreens(() => import('./requests.tsx'));
const taxonomy = lazyScreens(() => import('./taxonomy.tsx'));
const users = lazyScreens(() => import('./users.tsx'));
const vacancies = lazyScreens(() => import('./vacancies.tsx'));

/** The shop's colours (palette.ts) in MUI's terms. */
const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: STAFF_PALETTE,
  typography: { fontFamily: STAFF_FONT },
  components: {
    ...defaultTheme.components,
    // react-admin's empty list says so at half opacity, below the contrast text needs.
    RaEmpty: {
      styleOverrides: { root: { '& .RaEmpty-message': { opacity: 1, color: STAFF_PALETTE.text.secondary } } },
    },
    // A chip that changes colour (an import going from «Идёт» to «Готово») does so at once: a fade would
    // pass through colours that do not contrast with its text.
    MuiChip: { styleOverrides: { root: { transition: 'none' } } },
    // A spinner (react-admin's loading indicator in the bar, a button's pending state) is a progressbar,
    // which screen readers announce by its name.
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Загрузка…' } },
    MuiLinearProgress: { defaultProps: { 'aria-label': 'Загрузка…' } },
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': { outline: STAFF_FOCUS_RING, outlineOffset: 2 } } },
    },
  },
};

const dataProvider = createStaffDataProvider();

/** `onSignedOut` gets the reason to show on the sign-in form (null when the person signed out). */
export default function StaffApp({ onSignedOut }: { onSignedOut: (reason: string | null) => void }) {
  const [authProvider] = useState(() => createStaffAuthProvider({ onSignedOut }));
  return (
    <StaffAdmin
      title={`${SHOP_NAME}: управление`}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      dashboard={dashboard.Dashboard}
      layout={StaffLayout}
      theme={theme}
    >
      <Resource
        name="orders"
        options={{ label: 'Заказы' }}
        icon={ShoppingCartIcon}
        list={orders.OrderList}
        show={orders.OrderShow}
      />
      <Resource
        name="requests"
        options={{ label: 'Заявки' }}
        icon={InboxIcon}
        list={requests.RequestList}
        edit={requests.RequestEdit}
      />
      <Resource
        name="clinics"
        options={{ label: 'Клиники' }}
        icon={LocalHospitalIcon}
        list={clinics.ClinicList}
        edit={clinics.ClinicEdit}
      />
      <Resource
        name="price_lists"
        options={{ label: 'Прайс-листы' }}
        icon={PriceChangeIcon}
        list={clinics.PriceListList}
        edit={clinics.PriceListEdit}
        create={clinics.PriceListCreate}
      />
      <Resource
        name="products"
        options={{ label: 'Товары' }}
        icon={Inventory2Icon}
        list={products.ProductList}
        edit={products.ProductEdit}
        create={products.ProductCreate}
      />
      <Resource
        name="categories"
        options={{ label: 'Категории' }}
        icon={AccountTreeIcon}
        list={taxonomy.CategoryList}
        edit={taxonomy.CategoryEdit}
        create={taxonomy.CategoryCreate}
      />
      <Resource
        name="brands"
        options={{ label: 'Бренды' }}
        icon={SellIcon}
        list={taxonomy.BrandList}
        edit={taxonomy.BrandEdit}
        create={taxonomy.BrandCreate}
      />
      <Resource
        name="specifications"
        options={{ label: 'Характеристики' }}
        icon={TuneIcon}
        list={dictionaries.SpecificationList}
        edit={dictionaries.SpecificationEdit}
        create={dictionaries.SpecificationCreate}
      />
      <Resource
        name="imports"
        options={{ label: 'Загрузки' }}
        icon={UploadFileIcon}
        list={imports.ImportList}
        show={imports.ImportShow}
        create={imports.ImportCreate}
      />
      <Resource
        name="exchange_sessions"
        options={{ label: 'Обмен с 1С' }}
        icon={SyncAltIcon}
        list={exchange1c.ExchangeSessionList}
        show={exchange1c.ExchangeSessionShow}
      />
      <Resource
        name="exchange_mappings"
        options={{ label: 'Цены и склады 1С' }}
        icon={CompareArrowsIcon}
        list={exchange1c.ExchangeMappingList}
      />
      <Resource
        name="publications"
        options={{ label: 'Публикации' }}
        icon={ArticleIcon}
        list={publications.PublicationList}
        edit={publications.PublicationEdit}
        create={publications.PublicationCreate}
      />
      <Resource
        name="courses"
        options={{ label: 'Курсы' }}
        icon={SchoolIcon}
        list={courses.CourseList}
        edit={courses.CourseEdit}
        create={courses.CourseCreate}
      />
      <Resource
        name="course_categories"
        options={{ label: 'Разделы курсов' }}
        icon={CategoryIcon}
        list={dictionaries.CourseCategoryList}
        edit={dictionaries.CourseCategoryEdit}
        create={dictionaries.CourseCategoryCreate}
      />
      <Resource
        name="vacancies"
        options={{ label: 'Вакансии' }}
        icon={WorkIcon}
        list={vacancies.VacancyList}
        edit={vacancies.VacancyEdit}
        create={vacancies.VacancyCreate}
      />
      <Resource
        name="banners"
        options={{ label: 'Баннеры' }}
        icon={ViewCarouselIcon}
        list={company.BannerList}
        edit={company.BannerEdit}
        create={company.BannerCreate}
      />
      <Resource
        name="contacts"
        options={{ label: 'Контакты' }}
        icon={ContactPhoneIcon}
        list={company.ContactList}
        edit={company.ContactEdit}
        create={company.ContactCreate}
      />
      <Resource
        name="printing_prices"
        options={{ label: '3D-печать' }}
        icon={PrintIcon}
        list={company.PrintingPriceList}
        edit={company.PrintingPriceEdit}
        create={company.PrintingPriceCreate}
      />
      <Resource
        name="documents"
        options={{ label: 'Документы' }}
        icon={DescriptionIcon}
        list={company.DocumentList}
        edit={company.DocumentEdit}
        create={company.DocumentCreate}
      />
      <Resource
        name="exchanges"
        options={{ label: 'Курсы валют' }}
        icon={CurrencyExchangeIcon}
        list={exchanges.ExchangeList}
        create={exchanges.ExchangeCreate}
      />
      <Resource
        name="users"
        options={{ label: 'Учётные записи' }}
        icon={PeopleIcon}
        list={users.UserList}
        edit={users.UserEdit}
      />
      <Resource name="newsletter" options={{ label: 'Рассылка' }} icon={MailIcon} list={requests.SubscriberList} />
      <Resource name="changes" options={{ label: 'Журнал изменений' }} icon={HistoryIcon} list={changes.ChangeList} />
    </StaffAdmin>
  );
}
