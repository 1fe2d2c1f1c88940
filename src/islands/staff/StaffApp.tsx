/**
 * The back office: react-admin, as one `client:only` island on /staff/ with its hash router, so no
 * storefront page loads any of it. Data and auth go through our own providers over the staff API.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import russianMessages from 'ra-language-russian';
import { Admin, defaultTheme, mergeTranslations, Resource, type RaThemeOptions } from 'react-admin';
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
import { SHOP_NAME } from '../../shared/site.ts';
import { createStaffAuthProvider } from './auth-provider.ts';
import { ChangeList } from './changes.tsx';
import {
  BannerCreate,
  BannerEdit,
  BannerList,
  ContactCreate,
  ContactEdit,
  ContactList,
  DocumentCreate,
  DocumentEdit,
  DocumentList,
  PrintingPriceCreate,
  PrintingPriceEdit,
  PrintingPriceList,
} from './company.tsx';
import { CourseCreate, CourseEdit, CourseList } from './courses.tsx';
import { Dashboard } from './Dashboard.tsx';
import {
  CourseCategoryCreate,
  CourseCategoryEdit,
  CourseCategoryList,
  SpecificationCreate,
  SpecificationEdit,
  SpecificationList,
} from './dictionaries.tsx';
import { ExchangeCreate, ExchangeList } from './exchanges.tsx';
import { createStaffDataProvider } from './data-provider.ts';
import { ImportCreate, ImportList, ImportShow } from './imports.tsx';
import { LoginPage } from './LoginPage.tsx';
import { OrderList, OrderShow } from './orders.tsx';
import { tiptapMessages } from './RichText.tsx';
import { StaffLayout } from './StaffLayout.tsx';
import { BrandCreate, BrandEdit, BrandList, CategoryCreate, CategoryEdit, CategoryList } from './taxonomy.tsx';
import { ProductCreate, ProductEdit, ProductList } from './products.tsx';
import { PublicationCreate, PublicationEdit, PublicationList } from './publications.tsx';
import { RequestEdit, RequestList, SubscriberList } from './requests.tsx';
import { UserEdit, UserList } from './users.tsx';
import { VacancyCreate, VacancyEdit, VacancyList } from './vacancies.tsx';

/** What ra-language-russian lacks or says differently from the shop. */
const overrides = {
  ra: {
    guesser: { empty: { title: 'Нет данных', message: 'Здесь пока пусто.' } },
    page: { dashboard: 'Сегодня', empty: 'Пока пусто' },
    auth: { username: 'Email' },
  },
};

const i18nProvider = polyglotI18nProvider(() => mergeTranslations(russianMessages, tiptapMessages, overrides), 'ru', {
  allowMissing: true,
});

/** The shop's colours (styles/tokens.css) in MUI's terms. */
const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    primary: { main: '#0a6e8a', contrastText: '#ffffff' },
    secondary: { main: '#0c2d3e', contrastText: '#e9f2f6' },
    // Every coloured chip carries white text at 4.5:1 or more (MUI's default info and warning do not).
    success: { main: '#0c7a54', contrastText: '#ffffff' },
    info: { main: '#01579b', contrastText: '#ffffff' },
    error: { main: '#b3261e', contrastText: '#ffffff' },
    warning: { main: '#8a5a00', contrastText: '#ffffff' },
    background: { default: '#f5f7f9' },
    text: { primary: '#16232f', secondary: '#566575' },
  },
  typography: {
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    ...defaultTheme.components,
    // react-admin's empty list says so at half opacity, below the contrast text needs.
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { opacity: 1, color: '#566575' } } } },
    // A chip that changes colour (an import going from «Идёт» to «Готово») does so at once: a fade would
    // pass through colours that do not contrast with its text.
    MuiChip: { styleOverrides: { root: { transition: 'none' } } },
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': { outline: '3px solid #f0a500', outlineOffset: 2 } } },
    },
  },
};

const dataProvider = createStaffDataProvider();
const authProvider = createStaffAuthProvider();

export default function StaffApp() {
  return (
    <Admin
      title={`${SHOP_NAME}: управление`}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      dashboard={Dashboard}
      loginPage={LoginPage}
      layout={StaffLayout}
      theme={theme}
      requireAuth
      disableTelemetry
    >
      <Resource name="orders" options={{ label: 'Заказы' }} icon={ShoppingCartIcon} list={OrderList} show={OrderShow} />
      <Resource name="requests" options={{ label: 'Заявки' }} icon={InboxIcon} list={RequestList} edit={RequestEdit} />
      <Resource
        name="products"
        options={{ label: 'Товары' }}
        icon={Inventory2Icon}
        list={ProductList}
        edit={ProductEdit}
        create={ProductCreate}
      />
      <Resource
        name="categories"
        options={{ label: 'Категории' }}
        icon={AccountTreeIcon}
        list={CategoryList}
        edit={CategoryEdit}
        create={CategoryCreate}
      />
      <Resource
        name="brands"
        options={{ label: 'Бренды' }}
        icon={SellIcon}
        list={BrandList}
        edit={BrandEdit}
        create={BrandCreate}
      />
      <Resource
        name="specifications"
        options={{ label: 'Характеристики' }}
        icon={TuneIcon}
        list={SpecificationList}
        edit={SpecificationEdit}
        create={SpecificationCreate}
      />
      <Resource
        name="imports"
        options={{ label: 'Загрузки' }}
        icon={UploadFileIcon}
        list={ImportList}
        show={ImportShow}
        create={ImportCreate}
      />
      <Resource
        name="publications"
        options={{ label: 'Публикации' }}
        icon={ArticleIcon}
        list={PublicationList}
        edit={PublicationEdit}
        create={PublicationCreate}
      />
      <Resource
        name="courses"
        options={{ label: 'Курсы' }}
        icon={SchoolIcon}
        list={CourseList}
        edit={CourseEdit}
        create={CourseCreate}
      />
      <Resource
        name="course_categories"
        options={{ label: 'Разделы курсов' }}
        icon={CategoryIcon}
        list={CourseCategoryList}
        edit={CourseCategoryEdit}
        create={CourseCategoryCreate}
      />
      <Resource
        name="vacancies"
        options={{ label: 'Вакансии' }}
        icon={WorkIcon}
        list={VacancyList}
        edit={VacancyEdit}
        create={VacancyCreate}
      />
      <Resource
        name="banners"
        options={{ label: 'Баннеры' }}
        icon={ViewCarouselIcon}
        list={BannerList}
        edit={BannerEdit}
        create={BannerCreate}
      />
      <Resource
        name="contacts"
        options={{ label: 'Контакты' }}
        icon={ContactPhoneIcon}
        list={ContactList}
        edit={ContactEdit}
        create={ContactCreate}
      />
      <Resource
        name="printing_prices"
        options={{ label: '3D-печать' }}
        icon={PrintIcon}
        list={PrintingPriceList}
        edit={PrintingPriceEdit}
        create={PrintingPriceCreate}
      />
      <Resource
        name="documents"
        options={{ label: 'Документы' }}
        icon={DescriptionIcon}
        list={DocumentList}
        edit={DocumentEdit}
        create={DocumentCreate}
      />
      <Resource
        name="exchanges"
        options={{ label: 'Курсы валют' }}
        icon={CurrencyExchangeIcon}
        list={ExchangeList}
        create={ExchangeCreate}
      />
      <Resource name="users" options={{ label: 'Учётные записи' }} icon={PeopleIcon} list={UserList} edit={UserEdit} />
      <Resource name="newsletter" options={{ label: 'Рассылка' }} icon={MailIcon} list={SubscriberList} />
      <Resource name="changes" options={{ label: 'Журнал изменений' }} icon={HistoryIcon} list={ChangeList} />
    </Admin>
  );
}
