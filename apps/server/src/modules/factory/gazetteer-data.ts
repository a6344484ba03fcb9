/**
 * The built-in gazetteer: world cities with their coordinates, so a search for a city without a
 * factory can answer the nearest ones. One line per city: `Name|CC|lat|lng|alias;alias`.
 * Every city of the sample directory is here (a unit test checks it), plus major cities on every
 * continent. Coordinates are city centres to two decimals (~1 km), enough for "nearest".
 */
export const GAZETTEER_TSV = `
Shenzhen|CN|22.54|114.06|
Dongguan|CN|23.02|113.75|
Guangzhou|CN|23.13|113.26|Canton
Shanghai|CN|31.23|121.47|
Ningbo|CN|29.87|121.54|
Xiamen|CN|24.48|118.09|Amoy
Beijing|CN|39.90|116.41|Peking
Tianjin|CN|39.34|117.36|
Chongqing|CN|29.56|106.55|
Chengdu|CN|30.57|104.07|
Wuhan|CN|30.59|114.31|
Hangzhou|CN|30.27|120.16|
Suzhou|CN|31.30|120.58|
Nanjing|CN|32.06|118.80|
Qingdao|CN|36.07|120.38|
Xi'an|CN|34.34|108.94|Xian
Shenyang|CN|41.81|123.43|
Harbin|CN|45.80|126.53|
Dalian|CN|38.91|121.61|
Zhengzhou|CN|34.75|113.63|
Changsha|CN|28.23|112.94|
Kunming|CN|25.04|102.71|
Fuzhou|CN|26.07|119.30|
Foshan|CN|23.02|113.12|
Hefei|CN|31.82|117.23|
Jinan|CN|36.65|117.12|
Shantou|CN|23.35|116.68|
Wenzhou|CN|28.00|120.67|
Yiwu|CN|29.31|120.08|
Zhuhai|CN|22.27|113.58|
Hong Kong|HK|22.32|114.17|
Macau|MO|22.20|113.54|Macao
Taipei|TW|25.03|121.57|
Kaohsiung|TW|22.63|120.30|
Taichung|TW|24.15|120.67|
Tokyo|JP|35.68|139.69|
Osaka|JP|34.69|135.50|
Nagoya|JP|35.18|136.91|
Yokohama|JP|35.44|139.64|
Sapporo|JP|43.06|141.35|
Fukuoka|JP|33.59|130.40|
Kyoto|JP|35.01|135.77|
Seoul|KR|37.57|126.98|
Busan|KR|35.18|129.08|
Incheon|KR|37.46|126.71|
Pyongyang|KP|39.04|125.76|
Ulaanbaatar|MN|47.89|106.91|
Ho Chi Minh City|VN|10.82|106.63|Saigon;HCMC;Thanh pho Ho Chi Minh
Hanoi|VN|21.03|105.85|Ha Noi
Da Nang|VN|16.05|108.20|Danang
Hai Phong|VN|20.84|106.69|Haiphong
Bangkok|TH|13.76|100.50|Krung Thep
Chiang Mai|TH|18.79|98.98|
Phnom Penh|KH|11.56|104.92|
Vientiane|LA|17.97|102.63|
Yangon|MM|16.84|96.17|Rangoon
Kuala Lumpur|MY|3.14|101.69|
Penang|MY|5.41|100.33|George Town
Johor Bahru|MY|1.49|103.74|
Singapore|SG|1.35|103.82|
Jakarta|ID|-6.21|106.85|
Surabaya|ID|-7.25|112.75|
Bandung|ID|-6.92|107.61|
Medan|ID|3.60|98.67|
Semarang|ID|-6.97|110.42|
Manila|PH|14.60|120.98|
Cebu|PH|10.32|123.89|Cebu City
Davao|PH|7.19|125.46|
Mumbai|IN|19.08|72.88|Bombay
Delhi|IN|28.70|77.10|New Delhi
Bengaluru|IN|12.97|77.59|Bangalore
Chennai|IN|13.08|80.27|Madras
Kolkata|IN|22.57|88.36|Calcutta
Hyderabad|IN|17.39|78.49|
Ahmedabad|IN|23.02|72.57|
Pune|IN|18.52|73.86|
Surat|IN|21.17|72.83|
Jaipur|IN|26.91|75.79|
Lucknow|IN|26.85|80.95|
Kanpur|IN|26.45|80.33|
Ludhiana|IN|30.90|75.86|
Coimbatore|IN|11.02|76.96|
Kochi|IN|9.93|76.27|Cochin
Noida|IN|28.54|77.39|
Karachi|PK|24.86|67.01|
Lahore|PK|31.55|74.34|
Islamabad|PK|33.68|73.05|
Faisalabad|PK|31.42|73.08|
Dhaka|BD|23.81|90.41|Dacca
Chittagong|BD|22.36|91.78|Chattogram
Colombo|LK|6.93|79.86|
Kathmandu|NP|27.72|85.32|
Kabul|AF|34.56|69.21|
Tashkent|UZ|41.30|69.24|
Almaty|KZ|43.24|76.89|
Astana|KZ|51.17|71.45|Nur-Sultan
Bishkek|KG|42.87|74.57|
Tehran|IR|35.69|51.39|
Isfahan|IR|32.65|51.67|
Mashhad|IR|36.30|59.61|
Baghdad|IQ|33.32|44.36|
Basra|IQ|30.51|47.78|
Erbil|IQ|36.19|44.01|
Riyadh|SA|24.71|46.68|
Jeddah|SA|21.49|39.19|
Dammam|SA|26.43|50.10|
Dubai|AE|25.20|55.27|
Abu Dhabi|AE|24.45|54.38|
Sharjah|AE|25.35|55.42|
Doha|QA|25.29|51.53|
Kuwait City|KW|29.38|47.99|
Manama|BH|26.23|50.59|
Muscat|OM|23.59|58.41|
Sana'a|YE|15.37|44.19|Sanaa
Amman|JO|31.95|35.93|
Beirut|LB|33.89|35.50|
Damascus|SY|33.51|36.28|
Aleppo|SY|36.20|37.13|
Jerusalem|IL|31.77|35.21|
Tel Aviv|IL|32.09|34.78|
Haifa|IL|32.79|34.99|
Istanbul|TR|41.01|28.98|Constantinople
Ankara|TR|39.93|32.86|
Izmir|TR|38.42|27.14|
Bursa|TR|40.19|29.06|
Gaziantep|TR|37.07|37.38|
Tbilisi|GE|41.72|44.79|
Yerevan|AM|40.18|44.51|
Baku|AZ|40.41|49.87|
Nicosia|CY|35.19|33.38|
Poznań|PL|52.41|16.93|Posen
Łódź|PL|51.76|19.46|Lodz
Warszawa|PL|52.23|21.01|Warsaw
Kraków|PL|50.06|19.94|Krakow;Cracow
Wrocław|PL|51.11|17.04|Breslau
Gdańsk|PL|54.35|18.65|Danzig
Katowice|PL|50.26|19.02|
Szczecin|PL|53.43|14.55|Stettin
Lublin|PL|51.25|22.57|
Bydgoszcz|PL|53.12|18.01|
Milano|IT|45.46|9.19|Milan
Roma|IT|41.90|12.50|Rome
Torino|IT|45.07|7.69|Turin
Napoli|IT|40.85|14.27|Naples
Bologna|IT|44.49|11.34|
Firenze|IT|43.77|11.26|Florence
Venezia|IT|45.44|12.32|Venice
Verona|IT|45.44|10.99|
Genova|IT|44.41|8.93|Genoa
Palermo|IT|38.12|13.36|
Bari|IT|41.12|16.87|
Barcelona|ES|41.39|2.17|
Madrid|ES|40.42|-3.70|
Valencia|ES|39.47|-0.38|
Sevilla|ES|37.39|-5.98|Seville
Bilbao|ES|43.26|-2.93|
Zaragoza|ES|41.65|-0.89|
Málaga|ES|36.72|-4.42|Malaga
Lisboa|PT|38.72|-9.14|Lisbon
Porto|PT|41.16|-8.63|Oporto
Paris|FR|48.86|2.35|
Lyon|FR|45.76|4.84|Lyons
Marseille|FR|43.30|5.37|Marseilles
Toulouse|FR|43.60|1.44|
Lille|FR|50.63|3.06|
Bordeaux|FR|44.84|-0.58|
Nantes|FR|47.22|-1.55|
Strasbourg|FR|48.57|7.75|
Nice|FR|43.71|7.26|
Rennes|FR|48.11|-1.68|
Grenoble|FR|45.19|5.72|
München|DE|48.14|11.58|Munich;Muenchen
Leipzig|DE|51.34|12.37|
Berlin|DE|52.52|13.40|
Hamburg|DE|53.55|9.99|
Frankfurt am Main|DE|50.11|8.68|Frankfurt
Köln|DE|50.94|6.96|Cologne;Koeln
Stuttgart|DE|48.78|9.18|
Düsseldorf|DE|51.23|6.77|Dusseldorf;Duesseldorf
Dortmund|DE|51.51|7.47|
Essen|DE|51.46|7.01|
Bremen|DE|53.08|8.80|
Dresden|DE|51.05|13.74|
Hannover|DE|52.38|9.73|Hanover
Nürnberg|DE|49.45|11.08|Nuremberg;Nuernberg
Mannheim|DE|49.49|8.47|
Bielefeld|DE|52.02|8.53|
Wien|AT|48.21|16.37|Vienna
Graz|AT|47.07|15.44|
Linz|AT|48.31|14.29|
Salzburg|AT|47.81|13.06|
Zürich|CH|47.38|8.54|Zurich
Genève|CH|46.20|6.14|Geneva
Basel|CH|47.56|7.59|
Bern|CH|46.95|7.45|Berne
Lausanne|CH|46.52|6.63|
Amsterdam|NL|52.37|4.90|
Rotterdam|NL|51.92|4.48|
Den Haag|NL|52.07|4.30|The Hague
Utrecht|NL|52.09|5.12|
Eindhoven|NL|51.44|5.47|
Bruxelles|BE|50.85|4.35|Brussels;Brussel
Antwerpen|BE|51.22|4.40|Antwerp;Anvers
Gent|BE|51.05|3.72|Ghent
Liège|BE|50.63|5.57|Liege
Luxembourg|LU|49.61|6.13|
Birmingham|GB|52.49|-1.89|
Manchester|GB|53.48|-2.24|
London|GB|51.51|-0.13|
Leeds|GB|53.80|-1.55|
Liverpool|GB|53.41|-2.98|
Glasgow|GB|55.86|-4.25|
Edinburgh|GB|55.95|-3.19|
Bristol|GB|51.45|-2.59|
Sheffield|GB|53.38|-1.47|
Newcastle upon Tyne|GB|54.98|-1.61|
Nottingham|GB|52.95|-1.15|
Leicester|GB|52.64|-1.13|
Cardiff|GB|51.48|-3.18|
Belfast|GB|54.60|-5.93|
Dublin|IE|53.35|-6.26|
Cork|IE|51.90|-8.47|
København|DK|55.68|12.57|Copenhagen
Aarhus|DK|56.16|10.20|
Stockholm|SE|59.33|18.07|
Göteborg|SE|57.71|11.97|Gothenburg
Malmö|SE|55.60|13.00|Malmo
Oslo|NO|59.91|10.75|
Bergen|NO|60.39|5.32|
Helsinki|FI|60.17|24.94|
Tampere|FI|61.50|23.76|
Reykjavík|IS|64.15|-21.94|Reykjavik
Tallinn|EE|59.44|24.75|
Riga|LV|56.95|24.11|
Vilnius|LT|54.69|25.28|
Kaunas|LT|54.90|23.89|
Praha|CZ|50.08|14.44|Prague
Brno|CZ|49.20|16.61|
Ostrava|CZ|49.82|18.26|
Bratislava|SK|48.15|17.11|
Košice|SK|48.72|21.26|Kosice
Budapest|HU|47.50|19.04|
Debrecen|HU|47.53|21.63|
Ljubljana|SI|46.06|14.51|
Zagreb|HR|45.81|15.98|
Split|HR|43.51|16.44|
Beograd|RS|44.79|20.45|Belgrade
Novi Sad|RS|45.27|19.83|
Sarajevo|BA|43.86|18.41|
Skopje|MK|42.00|21.43|
Podgorica|ME|42.43|19.26|
Tirana|AL|41.33|19.82|
Sofia|BG|42.70|23.32|
Plovdiv|BG|42.14|24.75|
Varna|BG|43.21|27.91|
București|RO|44.43|26.10|Bucharest;Bucuresti
Cluj-Napoca|RO|46.77|23.60|Cluj
Timișoara|RO|45.75|21.23|Timisoara
Iași|RO|47.16|27.59|Iasi
Chișinău|MD|47.01|28.86|Chisinau
Athína|GR|37.98|23.73|Athens;Athina
Thessaloniki|GR|40.64|22.94|Salonica
Valletta|MT|35.90|14.51|
Kyiv|UA|50.45|30.52|Kiev
Kharkiv|UA|49.99|36.23|Kharkov
Odesa|UA|46.48|30.72|Odessa
Lviv|UA|49.84|24.03|Lvov
Dnipro|UA|48.46|35.05|
Minsk|BY|53.90|27.56|
Moskva|RU|55.76|37.62|Moscow
Sankt-Peterburg|RU|59.93|30.34|Saint Petersburg;St Petersburg
Novosibirsk|RU|55.01|82.93|
Yekaterinburg|RU|56.84|60.61|
Kazan|RU|55.80|49.11|
Nizhny Novgorod|RU|56.30|43.94|
Samara|RU|53.20|50.15|
Rostov-na-Donu|RU|47.24|39.71|Rostov-on-Don
Vladivostok|RU|43.12|131.89|
Toronto|CA|43.65|-79.38|
Montréal|CA|45.50|-73.57|Montreal
Vancouver|CA|49.28|-123.12|
Calgary|CA|51.05|-114.07|
Edmonton|CA|53.55|-113.49|
Ottawa|CA|45.42|-75.70|
Winnipeg|CA|49.90|-97.14|
Québec|CA|46.81|-71.21|Quebec City
Hamilton|CA|43.26|-79.87|
Halifax|CA|44.65|-63.58|
Los Angeles|US|34.05|-118.24|LA
Chicago|US|41.88|-87.63|
New York|US|40.71|-74.01|New York City;NYC
Houston|US|29.76|-95.37|
Phoenix|US|33.45|-112.07|
Philadelphia|US|39.95|-75.17|
San Antonio|US|29.42|-98.49|
San Diego|US|32.72|-117.16|
Dallas|US|32.78|-96.80|
San Jose|US|37.34|-121.89|
Austin|US|30.27|-97.74|
Jacksonville|US|30.33|-81.66|
Columbus|US|39.96|-83.00|
Charlotte|US|35.23|-80.84|
Indianapolis|US|39.77|-86.16|
San Francisco|US|37.77|-122.42|
Seattle|US|47.61|-122.33|
Denver|US|39.74|-104.99|
Washington|US|38.91|-77.04|Washington DC
Boston|US|42.36|-71.06|
Nashville|US|36.16|-86.78|
Detroit|US|42.33|-83.05|
Portland|US|45.52|-122.68|
Las Vegas|US|36.17|-115.14|
Memphis|US|35.15|-90.05|
Louisville|US|38.25|-85.76|
Milwaukee|US|43.04|-87.91|
Baltimore|US|39.29|-76.61|
Atlanta|US|33.75|-84.39|
Miami|US|25.76|-80.19|
Minneapolis|US|44.98|-93.27|
Cleveland|US|41.50|-81.69|
Pittsburgh|US|40.44|-80.00|
St. Louis|US|38.63|-90.20|Saint Louis
Kansas City|US|39.10|-94.58|
Salt Lake City|US|40.76|-111.89|
Cincinnati|US|39.10|-84.51|
New Orleans|US|29.95|-90.07|
Honolulu|US|21.31|-157.86|
Anchorage|US|61.22|-149.90|
Monterrey|MX|25.69|-100.32|
Ciudad de México|MX|19.43|-99.13|Mexico City;CDMX
Guadalajara|MX|20.66|-103.35|
Puebla|MX|19.04|-98.21|
Tijuana|MX|32.51|-117.04|
Querétaro|MX|20.59|-100.39|Queretaro
León|MX|21.12|-101.68|Leon
Ciudad Juárez|MX|31.69|-106.42|Juarez
Mérida|MX|20.97|-89.62|Merida
Cancún|MX|21.16|-86.85|Cancun
Guatemala City|GT|14.63|-90.51|Ciudad de Guatemala
San Salvador|SV|13.69|-89.22|
Tegucigalpa|HN|14.07|-87.19|
Managua|NI|12.11|-86.24|
San José (Costa Rica)|CR|9.93|-84.08|
Panamá|PA|8.98|-79.52|Panama City
La Habana|CU|23.11|-82.37|Havana
Santo Domingo|DO|18.49|-69.93|
San Juan|PR|18.47|-66.11|
Kingston|JM|17.97|-76.79|
Port-au-Prince|HT|18.59|-72.31|
São Paulo|BR|-23.55|-46.63|Sao Paulo
Rio de Janeiro|BR|-22.91|-43.17|
Belo Horizonte|BR|-19.92|-43.94|
Brasília|BR|-15.79|-47.88|Brasilia
Curitiba|BR|-25.43|-49.27|
Porto Alegre|BR|-30.03|-51.23|
Salvador|BR|-12.97|-38.50|
Recife|BR|-8.05|-34.88|
Fortaleza|BR|-3.73|-38.53|
Manaus|BR|-3.12|-60.02|
Campinas|BR|-22.91|-47.06|
Belém|BR|-1.46|-48.50|Belem
Goiânia|BR|-16.69|-49.26|Goiania
Buenos Aires|AR|-34.60|-58.38|
Córdoba|AR|-31.42|-64.18|Cordoba
Rosario|AR|-32.94|-60.65|
Mendoza|AR|-32.89|-68.83|
Santiago|CL|-33.45|-70.67|Santiago de Chile
Valparaíso|CL|-33.05|-71.62|Valparaiso
Lima|PE|-12.05|-77.04|
Arequipa|PE|-16.41|-71.54|
Bogotá|CO|4.71|-74.07|Bogota
Medellín|CO|6.24|-75.58|Medellin
Cali|CO|3.45|-76.53|
Barranquilla|CO|10.96|-74.80|
Quito|EC|-0.18|-78.47|
Guayaquil|EC|-2.17|-79.92|
Caracas|VE|10.48|-66.90|
Maracaibo|VE|10.64|-71.64|
La Paz|BO|-16.49|-68.12|
Santa Cruz de la Sierra|BO|-17.78|-63.18|Santa Cruz
Asunción|PY|-25.26|-57.58|Asuncion
Montevideo|UY|-34.90|-56.16|
Johannesburg|ZA|-26.20|28.05|Joburg;Jozi
Cape Town|ZA|-33.92|18.42|Kaapstad
Durban|ZA|-29.86|31.02|
Pretoria|ZA|-25.75|28.19|Tshwane
Port Elizabeth|ZA|-33.96|25.60|Gqeberha
Bloemfontein|ZA|-29.09|26.16|
Cairo|EG|30.04|31.24|Al Qahirah
Alexandria|EG|31.20|29.92|
Casablanca|MA|33.57|-7.59|
Rabat|MA|34.02|-6.84|
Marrakesh|MA|31.63|-8.01|Marrakech
Tanger|MA|35.76|-5.83|Tangier
Tunis|TN|36.81|10.18|
Algiers|DZ|36.75|3.06|Alger
Oran|DZ|35.70|-0.63|
Tripoli|LY|32.89|13.19|
Lagos|NG|6.52|3.38|
Abuja|NG|9.08|7.40|
Kano|NG|12.00|8.52|
Ibadan|NG|7.38|3.95|
Accra|GH|5.60|-0.19|
Kumasi|GH|6.69|-1.62|
Abidjan|CI|5.36|-4.01|
Dakar|SN|14.72|-17.47|
Bamako|ML|12.64|-8.00|
Ouagadougou|BF|12.37|-1.52|
Conakry|GN|9.64|-13.58|
Freetown|SL|8.47|-13.23|
Monrovia|LR|6.30|-10.80|
Lomé|TG|6.13|1.22|Lome
Cotonou|BJ|6.37|2.39|
Niamey|NE|13.51|2.11|
Douala|CM|4.05|9.77|
Yaoundé|CM|3.85|11.50|Yaounde
Libreville|GA|0.42|9.47|
Kinshasa|CD|-4.44|15.27|
Lubumbashi|CD|-11.66|27.48|
Brazzaville|CG|-4.26|15.24|
Luanda|AO|-8.84|13.23|
Nairobi|KE|-1.29|36.82|
Mombasa|KE|-4.04|39.67|
Addis Ababa|ET|9.03|38.74|Addis Abeba
Khartoum|SD|15.50|32.56|
Kampala|UG|0.35|32.58|
Kigali|RW|-1.95|30.06|
Dar es Salaam|TZ|-6.79|39.21|
Dodoma|TZ|-6.16|35.75|
Mogadishu|SO|2.05|45.32|
Djibouti|DJ|11.59|43.15|
Lusaka|ZM|-15.39|28.32|
Harare|ZW|-17.83|31.05|
Bulawayo|ZW|-20.15|28.58|
Maputo|MZ|-25.97|32.57|
Lilongwe|MW|-13.96|33.79|
Gaborone|BW|-24.63|25.92|
Windhoek|NA|-22.56|17.08|
Antananarivo|MG|-18.88|47.51|
Port Louis|MU|-20.16|57.50|
Sydney|AU|-33.87|151.21|
Melbourne|AU|-37.81|144.96|
Brisbane|AU|-27.47|153.03|
Perth|AU|-31.95|115.86|
Adelaide|AU|-34.93|138.60|
Gold Coast|AU|-28.02|153.40|
Canberra|AU|-35.28|149.13|
Newcastle (NSW)|AU|-32.93|151.78|
Hobart|AU|-42.88|147.33|
Darwin|AU|-12.46|130.84|
Auckland|NZ|-36.85|174.76|
Wellington|NZ|-41.29|174.78|
Christchurch|NZ|-43.53|172.64|
Port Moresby|PG|-9.44|147.18|
Suva|FJ|-18.14|178.44|
Nouméa|NC|-22.27|166.46|Noumea
`;
