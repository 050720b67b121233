"Package set-up: everything is read from settings.ini, the nbdev project file."
from configparser import ConfigParser
import setuptools, shlex

cfg = ConfigParser(delimiters=['='])
cfg.read('settings.ini', encoding='utf-8')
cfg = cfg['DEFAULT']

requirements = shlex.split(cfg.get('requirements', ''))
dev_requirements = shlex.split(cfg.get('dev_requirements', ''))
scripts = [s.strip() for s in cfg.get('console_scripts', '').split() if s.strip()]

setuptools.setup(
    name=cfg['lib_name'],
    version=cfg['version'],
    description=cfg['description'],
    author=cfg['author'],
    author_email=cfg['author_email'],
    license=cfg['license'],
    url=cfg['git_url'],
    packages=setuptools.find_packages(include=[cfg['lib_path'], cfg['lib_path'] + '.*']),
    python_requires='>=' + cfg['min_python'],
    install_requires=requirements,
    extras_require={'dev': dev_requirements},
    entry_points={'console_scripts': scripts, 'nbdev': [f"{cfg['lib_path']}={cfg['lib_path']}._modidx:d"]},
    long_description=open('README.md', encoding='utf-8').read(),
    long_description_content_type='text/markdown',
    include_package_data=True,
    zip_safe=False,
    keywords=cfg.get('keywords', '').split(),
    classifiers=['Programming Language :: Python :: 3', 'License :: OSI Approved :: Apache Software License'],
    project_urls={'Source': cfg['git_url']},
)
